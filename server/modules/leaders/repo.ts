import { sql } from 'drizzle-orm';
import type { LevelOfCompetition } from '../../../src/api/contract/common';
import { preparedPerDb } from '../../db/prepared';
import type { DbOrTx } from '../../db/client';
import { ensureYearRows } from './year-rows';

/** drizzle's execute answers rows (pg: `{ rows }`, PGlite: `{ rows }` too); one place to unwrap. */
export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** How many leaders per level GET /leaders/top shows (leaders_top_level() in migration 0006). */
export const TOP_LEADERS_PER_LEVEL = 10;

/**
 * The year's TopLeaders JSON as leaders_top keeps it (migration 0006: rebuilt by triggers on
 * score_years and users' pictures inside each writing transaction), so the leaderboard read is one
 * primary-key lookup whatever the number of users or activities. No row: nobody has points yet.
 */
const prepareTopLeaders = (db: DbOrTx) =>
  db
    .select({ body: sql<string>`lt.body` })
    .from(sql`leaders_top lt`)
    .where(sql`lt.competition_year = ${sql.placeholder('year')}`)
    .prepare('leaders_top');

const topLeadersStatement = preparedPerDb(prepareTopLeaders);

export const findTopLeadersJson = async (db: DbOrTx, year: number): Promise<string | null> => {
  const [row] = await topLeadersStatement(db).execute({ year });
  return row?.body ?? null;
};

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
