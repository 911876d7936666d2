import { sql } from 'drizzle-orm';
import { levels, type LevelOfCompetition } from '../../../src/api/contract/common';
import type { DbOrTx } from '../../db/client';
import { levelInYear } from './level-sql';

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
 * scoring day. Each level walks score_years by points (index score_years_year_points_idx) and
 * stops after 10 matches, so the cost follows the number of users near the top, not the rows.
 */
export const findTopLeaders = async (db: DbOrTx, year: number) =>
  rowsOf<TopLeaderRow>(
    await db.execute(sql`
      select level.name as level, top.*
        from (values ${sql.join(levels.map((name) => sql`(${name})`), sql`, `)}) as level(name)
        cross join lateral (
          select sy.user_id, u.first_name, u.last_name, u.profile_picture, sy.points
            from score_years sy join users u on u.id = sy.user_id
           where sy.competition_year = ${year} and sy.points > 0 and u.role = 'user'
             and ${levelInYear('u', year)} = level.name
           order by sy.points desc, sy.last_scored_on asc nulls last, sy.user_id asc
           limit ${TOP_LEADERS_PER_LEVEL}
        ) top`),
  );

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

/** Every user (role user) of the level(s) in the year, 0 points included, paged in SQL. */
export const findLeaders = async (db: DbOrTx, filter: LeaderListFilter) => {
  const rows = rowsOf<LeaderListRow>(
    await db.execute(sql`
      with members as (
        select u.id, u.first_name, u.last_name, u.email, ${levelInYear('u', filter.year)} as level
          from users u where u.role = 'user'
      ), filtered as (
        select * from members where ${filter.level ?? null}::text is null or level = ${filter.level ?? null}::text
      )
      select m.id as user_id, m.first_name, m.last_name, m.email, m.level,
             coalesce(sy.points, 0)::int as annual_points, coalesce(sm.points, 0)::int as monthly_points,
             count(*) over ()::int as total
        from filtered m
        left join score_years sy on sy.user_id = m.id and sy.competition_year = ${filter.year}
        left join score_months sm on sm.user_id = m.id and sm.competition_year = ${filter.year} and sm.month = ${filter.month}
       order by annual_points desc, m.last_name asc, m.first_name asc, m.id asc
       limit ${filter.limit} offset ${filter.offset}`),
  );
  if (rows.length > 0 || filter.offset === 0) return { rows, count: rows[0]?.total ?? 0 };
  // Past the last page: the window count has no row to ride on, so count separately.
  const [counted] = rowsOf<{ total: number }>(
    await db.execute(sql`
      select count(*)::int as total from users u
       where u.role = 'user' and (${filter.level ?? null}::text is null or ${levelInYear('u', filter.year)} = ${filter.level ?? null}::text)`),
  );
  return { rows, count: counted?.total ?? 0 };
};
