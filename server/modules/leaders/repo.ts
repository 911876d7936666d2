import { sql } from 'drizzle-orm';
import type { LevelOfCompetition } from '@/contract/common';
import { rawStatement } from '../../db/raw-statement';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { ensureYearRows } from './year-rows';

/**
 * The year's TopLeaders JSON as leaders_top keeps it (migration 0006: rebuilt by triggers on
 * score_years and users' pictures inside each writing transaction), so the leaderboard read is one
 * primary-key lookup whatever the number of users or activities. No row: nobody has points yet.
 */
const topLeaders = rawStatement('leaders_top', sql`select lt.body from leaders_top lt where lt.competition_year = ${sql.placeholder('year')}`);

export const findTopLeadersJson = async (db: DbOrTx, year: number): Promise<string | null> => {
  const [row] = await topLeaders(db, { year });
  return row ? (row[0] as string) : null;
};

export type LeaderListFilter = { year: number; month: number; level?: LevelOfCompetition; limit: number; offset: number; searchTerms?: string[] };

const year = sql.placeholder('year');
const month = sql.placeholder('month');
const level = sql.placeholder('level');
const limit = sql.placeholder('limit');
const offset = sql.placeholder('offset');

/**
 * Every user (role user) of the level(s) in the year, 0 points included, paged in SQL and written
 * as the contract's LeaderList JSON by the database. After ensureYearRows every user has a
 * score_years row for the year carrying that year's level and a copy of role and names, so the page
 * is a range of score_years_list_level_idx (score_years_list_idx for all levels) in the list order;
 * the count comes from score_year_counts (migration 0008). `filled` says whether that holds yet.
 * Two statements (one level / all levels), not `$1 is null or ...`, so each keeps its partial index.
 * The joins are LATERAL primary-key probes (limit 1 keeps them from being flattened): a generic
 * plan (db/client.ts) cannot know the page is ten rows and would otherwise hash-join whole tables.
 */
const leaderList = (oneLevel: boolean) => {
  const ofLevel = oneLevel ? sql`and sy.level_of_competition = ${level}::text` : sql``;
  const countOfLevel = oneLevel ? sql`and c.level_of_competition = ${level}::text` : sql``;
  return rawStatement(
    oneLevel ? 'leaders_list_level' : 'leaders_list_all',
    sql`select exists (select 1 from score_year_fills f where f.competition_year = ${year}),
      '{"rows":' || (
        select coalesce('[' || string_agg(row_to_json(r)::text, ',' order by p.points desc nulls last, p.last_name, p.first_name, p.user_id) || ']', '[]')
          from (select sy.user_id, sy.level_of_competition, sy.points, sy.last_name, sy.first_name
                  from score_years sy
                 where sy.competition_year = ${year} and sy.role = 'user' ${ofLevel}
                 order by sy.points desc nulls last, sy.last_name asc, sy.first_name asc, sy.user_id asc
                 limit ${limit} offset ${offset}) p
          cross join lateral (select u.first_name, u.last_name, u.email from users u where u.id = p.user_id limit 1) u
          left join lateral (select sm.points from score_months sm
                              where sm.user_id = p.user_id and sm.competition_year = ${year} and sm.month = ${month} limit 1) sm on true
          cross join lateral (select p.user_id as "userId", u.first_name as "firstName", u.last_name as "lastName", u.email,
                                     p.level_of_competition as "levelOfCompetition", p.points as "annualPoints",
                                     coalesce(sm.points, 0) as "monthlyPoints") r
      ) || ',"count":' || (
        select coalesce(sum(c.employees), 0) from score_year_counts c where c.competition_year = ${year} ${countOfLevel}
      ) || '}'`,
  );
};

const levelList = leaderList(true);
const allList = leaderList(false);

/**
 * The list narrowed by name (admin search): the candidates come from the first term's index range of
 * user_search_words, and each must have a word starting with every term. Not a hot path, so a plain
 * statement with its own count; same order and JSON as the list above.
 */
const findSearchedLeadersJson = async (db: DbOrTx, filter: LeaderListFilter & { searchTerms: string[] }) => {
  await ensureYearRows(db, filter.year);
  const terms = filter.searchTerms;
  const matches = sql`sy.competition_year = ${filter.year} and sy.role = 'user'
    ${filter.level ? sql`and sy.level_of_competition = ${filter.level}` : sql``}
    and sy.user_id = any(array(select w.user_id from user_search_words w where w.word >= ${terms[0]} and w.word < ${`${terms[0]}{`}))
    and (select count(*) from unnest(${`{${terms.join(',')}}`}::text[]) t
          where exists (select 1 from user_search_words w where w.user_id = sy.user_id and w.word >= t and w.word < t || '{')) = ${terms.length}`;
  const result = await db.execute(sql`select '{"rows":' || (
      select coalesce('[' || string_agg(row_to_json(r)::text, ',' order by p.points desc nulls last, p.last_name, p.first_name, p.user_id) || ']', '[]')
        from (select sy.user_id, sy.level_of_competition, sy.points, sy.last_name, sy.first_name from score_years sy where ${matches}
               order by sy.points desc nulls last, sy.last_name asc, sy.first_name asc, sy.user_id asc
               limit ${filter.limit} offset ${filter.offset}) p
        join users u on u.id = p.user_id
        left join score_months sm on sm.user_id = p.user_id and sm.competition_year = ${filter.year} and sm.month = ${filter.month}
        cross join lateral (select p.user_id as "userId", u.first_name as "firstName", u.last_name as "lastName", u.email,
                                   p.level_of_competition as "levelOfCompetition", p.points as "annualPoints",
                                   coalesce(sm.points, 0) as "monthlyPoints") r
    ) || ',"count":' || (select count(*) from score_years sy where ${matches}) || '}' as body`);
  return rowsOf<{ body: string }>(result)[0]!.body;
};

/** The page as LeaderList JSON; the first list of a year gives every user their row first. */
export const findLeadersJson = async (db: DbOrTx, filter: LeaderListFilter): Promise<string> => {
  if (filter.searchTerms && filter.searchTerms.length > 0) return findSearchedLeadersJson(db, { ...filter, searchTerms: filter.searchTerms });
  const statement = filter.level ? levelList : allList;
  const input = { year: filter.year, month: filter.month, level: filter.level ?? null, limit: filter.limit, offset: filter.offset };
  const [[filled, json]] = (await statement(db, input)) as [[boolean, string]];
  if (filled) return json;
  await ensureYearRows(db, filter.year);
  const [[, afterFill]] = (await statement(db, input)) as [[boolean, string]];
  return afterFill;
};
