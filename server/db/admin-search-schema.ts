import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, uuid } from 'drizzle-orm/pg-core';

/**
 * One row: the stamp of what the admin users search counts (the employees, their names, e-mail
 * addresses and levels). Every statement that can change a count gives it a new random value
 * (server/db/functions/admin-search.sql), so a count kept with the stamp it was read with
 * (server/db/stamped-cache.ts) is exact while the stamp stays the same.
 */
export const usersSearchStamp = pgTable(
  'users_search_stamp',
  {
    single: boolean('single').primaryKey().default(true),
    stamp: uuid('stamp').notNull().defaultRandom(),
  },
  (table) => [check('users_search_stamp_single', sql`${table.single}`)],
);
