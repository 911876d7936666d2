import { sql } from 'drizzle-orm';
import { levels, type LevelOfCompetition } from '../../../src/api/contract/common';
import type { DbOrTx } from '../../db/client';
import { levelsInYear } from './level-sql';

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
 * the cost does not depend on the number of users or activity rows.
 */
export const findTopLeaders = async (db: DbOrTx, year: number) =>
  rowsOf<TopLeaderRow>(
    await db.execute(sql`
      select level.name as level, top.*
        from (values ${sql.join(levels.map((name) => sql`(${name})`), sql`, `)}) as level(name)
        cross join lateral (
          select sy.user_id, u.first_name, u.last_name, u.profile_picture, sy.points
            from score_years sy join users u on u.id = sy.user_id
           where sy.competition_year = ${year} and sy.level_of_competition = level.name and sy.points > 0 and u.role = 'user'
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
  const level = filter.level ?? null;
  const rows = rowsOf<LeaderListRow>(
    await db.execute(sql`
      with level_of as (${levelsInYear(filter.year)}),
      members as (
        select u.id, u.first_name, u.last_name, u.email, coalesce(l.level, u.level_of_competition) as level
          from users u left join level_of l on l.user_id = u.id
         where u.role = 'user'
      )
      select m.id as user_id, m.first_name, m.last_name, m.email, m.level,
             coalesce(sy.points, 0)::int as annual_points, coalesce(sm.points, 0)::int as monthly_points,
             count(*) over ()::int as total
        from members m
        left join score_years sy on sy.user_id = m.id and sy.competition_year = ${filter.year}
        left join score_months sm on sm.user_id = m.id and sm.competition_year = ${filter.year} and sm.month = ${filter.month}
       where ${level}::text is null or m.level = ${level}::text
       order by annual_points desc, m.last_name asc, m.first_name asc, m.id asc
       limit ${filter.limit} offset ${filter.offset}`),
  );
  if (rows.length > 0 || filter.offset === 0) return { rows, count: rows[0]?.total ?? 0 };
  // Past the last page: the window count has no row to ride on, so count separately.
  const [counted] = rowsOf<{ total: number }>(
    await db.execute(sql`
      with level_of as (${levelsInYear(filter.year)})
      select count(*)::int as total from users u left join level_of l on l.user_id = u.id
       where u.role = 'user' and (${level}::text is null or coalesce(l.level, u.level_of_competition) = ${level}::text)`),
  );
  return { rows, count: counted?.total ?? 0 };
};
