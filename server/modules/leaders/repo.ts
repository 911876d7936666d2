import { sql } from 'drizzle-orm';
import { levels, type LevelOfCompetition } from '../../../src/api/contract/common';
import { preparedPerDb } from '../../db/prepared';
import type { DbOrTx } from '../../db/client';
import { ensureYearRows } from './year-rows';

/** drizzle's execute answers rows (pg: `{ rows }`, PGlite: `{ rows }` too); one place to unwrap. */
export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

export type TopLeaderRow = {
  level: LevelOfCompetition;
  user_id: number;
  first_name: string;
  last_name: string;
  profile_picture: string | null;
  points: number;
};

export const TOP_LEADERS_PER_LEVEL = 10;

/**
 * Per level, the top users (role user) with points > 0 in the year, ties by the earlier last
 * scoring day. score_years carries the user's level of that year (kept by recompute and by
 * triggers, migration 0002), so each level is a 10-row range of score_years_year_level_points_idx:
 * the cost does not depend on the number of users or activity rows. Prepared once per database
 * handle (a named statement on PostgreSQL, like the dashboard month), so the hot call skips planning.
 */
const prepareTopLeaders = (db: DbOrTx) =>
  db
    .select({
      level: sql<LevelOfCompetition>`t.level`,
      user_id: sql<number>`t.user_id`,
      first_name: sql<string>`t.first_name`,
      last_name: sql<string>`t.last_name`,
      profile_picture: sql<string | null>`t.profile_picture`,
      points: sql<number>`t.points`,
    })
    .from(
      sql`(
      select level.name as level, top.*
        from (values ${sql.join(
          levels.map((name) => sql`(${sql.raw(`'${name}'`)})`),
          sql`, `,
        )}) as level(name)
        cross join lateral (
          select sy.user_id, u.first_name, u.last_name, u.profile_picture, sy.points
            from score_years sy join users u on u.id = sy.user_id
           where sy.competition_year = ${sql.placeholder('year')} and sy.level_of_competition = level.name and sy.points > 0 and u.role = 'user'
           order by sy.points desc, sy.last_scored_on asc nulls last, sy.user_id asc
           limit ${sql.raw(String(TOP_LEADERS_PER_LEVEL))}
        ) top) as t`,
    )
    .prepare('leaders_top');

const topLeadersStatement = preparedPerDb(prepareTopLeaders);

export const findTopLeaders = async (db: DbOrTx, year: number): Promise<TopLeaderRow[]> => topLeadersStatement(db).execute({ year });

export type LeaderListRow = {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  level: LevelOfCompetition;
  annual_points: number;
  monthly_points: number;
  total: number;
};

export type LeaderListFilter = { year: number; month: number; level?: LevelOfCompetition; limit: number; offset: number };

/**
 * Every user (role user) of the level(s) in the year, 0 points included, paged in SQL. After
 * ensureYearRows every user has a score_years row for the year carrying that year's level and a
 * copy of role and names, so the page is a range of score_years_list_level_idx (or
 * score_years_list_idx for all levels) in the list order, and the count an index-only range.
 */
export const findLeaders = async (db: DbOrTx, filter: LeaderListFilter) => {
  await ensureYearRows(db, filter.year);
  // Two literal forms (not `$1 is null or ...`) so the planner can use the partial indexes.
  const ofLevel = filter.level ? sql`and sy.level_of_competition = ${filter.level}::text` : sql``;
  const rows = rowsOf<LeaderListRow & { total: number }>(
    await db.execute(sql`
      with page as (
        select sy.user_id, sy.level_of_competition as level, sy.points, sy.last_name, sy.first_name
          from score_years sy
         where sy.competition_year = ${filter.year} and sy.role = 'user' ${ofLevel}
         order by sy.points desc nulls last, sy.last_name asc, sy.first_name asc, sy.user_id asc
         limit ${filter.limit} offset ${filter.offset}
      ),
      total as (select count(*)::int as total from score_years sy where sy.competition_year = ${filter.year} and sy.role = 'user' ${ofLevel})
      select p.user_id, u.first_name, u.last_name, u.email, p.level, p.points::int as annual_points,
             coalesce(sm.points, 0)::int as monthly_points, total.total
        from total
        left join (page p
          join users u on u.id = p.user_id
          left join score_months sm on sm.user_id = p.user_id and sm.competition_year = ${filter.year} and sm.month = ${filter.month}
        ) on true
       order by p.points desc nulls last, p.last_name asc, p.first_name asc, p.user_id asc`),
  );
  return { rows: rows.filter((row) => row.user_id !== null), count: rows[0]?.total ?? 0 };
};
