import { integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Derived counts the admin leaders list reads instead of counting a year's score rows per request
 * (docs/architecture.md#derived-state-and-its-keepers, docs/performance.md "Hot reads at full size").
 * Kept by the triggers of server/db/functions/leaders.sql.
 */

/**
 * The score_years rows of a competition year by their level ('' for none), whatever the person's
 * role; `stamp` changes with every row counted in or out, so the API can keep a search's count
 * while its year's rows stay the same (server/db/stamped-cache.ts).
 */
export const scoreYearCounts = pgTable(
  'score_year_counts',
  {
    competitionYear: smallint('competition_year').notNull(),
    levelOfCompetition: text('level_of_competition').notNull(),
    scored: integer('scored').notNull(),
    stamp: uuid('stamp').defaultRandom().notNull(),
  },
  (table) => [primaryKey({ columns: [table.competitionYear, table.levelOfCompetition] })],
);
