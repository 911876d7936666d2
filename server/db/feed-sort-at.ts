import { sql, type SQL } from 'drizzle-orm';

/**
 * Where a step achievement or an event participation sorts in the feed: midnight UTC of its day,
 * less 2 µs (steps) or 1 µs (events), so that at one instant an activity comes first, then events,
 * then steps (docs/product-rules.md#feed) by this one key. PostgreSQL can then merge the three
 * tables' index orders for a page instead of sorting each kind's rows (modules/feed/repo.ts);
 * the schema indexes these very expressions. The feed shows the day's real midnight.
 */
export const stepsSortAt = (day: SQL | SQL.Aliased | unknown) => sql`(((${day})::timestamp - interval '2 microseconds') at time zone 'UTC')`;
export const eventsSortAt = (day: SQL | SQL.Aliased | unknown) => sql`(((${day})::timestamp - interval '1 microsecond') at time zone 'UTC')`;
