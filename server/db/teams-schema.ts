import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

/** Tables of teams (docs/product-rules.md#teams): teams and memberships are source rows; team_months is computed from them and the scoring output. */

/** A department or office that competes as a team. Never deleted: an archived team keeps its past results. */
export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * A new random value whenever the team's team_months rows change (server/db/functions/teams.sql):
     * the readers' kept member points of the team are current while it is (server/db/stamped-cache.ts).
     */
    scoresStamp: uuid('scores_stamp').notNull().defaultRandom(),
  },
  // Two teams in play may not share a name (case ignored); an archived one frees its name.
  (table) => [uniqueIndex('teams_active_name_unique').on(sql`lower(${table.name})`).where(sql`${table.archivedAt} is null`)],
);

/**
 * Who belonged to which team, and when: `starts_on` is the first day counted for the team,
 * `ends_on` the first day no longer counted (the day of the move), null while it lasts. One open
 * membership per employee; a membership runs on into the next competition year, as a level does.
 */
export const teamMemberships = pgTable(
  'team_memberships',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
  },
  (table) => [
    uniqueIndex('team_memberships_open_unique').on(table.userId).where(sql`${table.endsOn} is null`),
    index('team_memberships_user_idx').on(table.userId, table.startsOn),
    // A team's members of a year: one range per team, the spans' dates read from the index alone.
    index('team_memberships_team_idx').on(table.teamId, table.startsOn, table.endsOn, table.userId),
    check('team_memberships_span', sql`${table.endsOn} is null or ${table.endsOn} > ${table.startsOn}`),
  ],
);

/**
 * Derived (docs/architecture.md#derived-state-and-its-keepers): per competition year, team and
 * calendar month, what the leaderboard's people (employees with a confirmed address) scored while in
 * the team. Kept in the writer's transaction by the row triggers on score_months and
 * team_memberships and by the rescoring (server/db/functions/teams.sql); rebuilt in rebuild_scores().
 */
export const teamMonths = pgTable(
  'team_months',
  {
    competitionYear: smallint('competition_year').notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
    month: smallint('month').notNull(),
    points: integer('points').notNull().default(0),
    /** The people who logged anything (a workout, a step achievement, an event) in the month while in the team (participation). */
    activeMembers: integer('active_members').notNull().default(0),
    /**
     * Of the people in the team on the month's last day (an open membership counts as lasting), those
     * who logged anything in the month since they joined it (the leaderboard's 'Active this month').
     */
    activeAtEnd: integer('active_at_end').notNull().default(0),
    /**
     * The shares of the people whose memberships cover the month only in part (a move, a join, a
     * leave): user id -> [points, active 0/1, active at the end 0/1], so a write of such a month can
     * take back exactly what it gave. Everyone else's share is their score_months row.
     */
    movers: jsonb('movers').$type<Record<string, [number, number, number]>>().notNull().default({}),
    /**
     * Only in the year's row (month 0): the people in the team on the year's last day, an open
     * membership lasting (so for the current year, today's members). A year without its row has the
     * latest earlier year's figure: no membership of the team changed since.
     */
    members: integer('members').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.competitionYear, table.teamId, table.month] }),
    // The leaderboard's members: per team, its latest year row up to the year asked for.
    index('team_months_members_idx').on(table.teamId, table.competitionYear).where(sql`month = 0`),
  ],
);
