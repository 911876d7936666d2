import { sql } from 'drizzle-orm';
import type { LevelOfCompetition } from '@/contract/common';
import { rawStatement } from '../../db/raw-statement';
import type { DbOrTx } from '../../db/client';
import { repoOf } from '../../db/repo-of';
import { planSearch, type SearchShape } from '../users/search-plan';
import { ensureYearRows } from './year-rows';
import { findLevelSearchJson } from './level-search-repo';
import { leaderRowsJson, listParams } from './leader-rows-repo';

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

const { year, level, limit, offset } = listParams;

/**
 * Every user (role user) of the level(s) in the year, 0 points included, paged in SQL and written
 * as the contract's LeaderList JSON by the database. After ensureYearRows every user has a
 * score_years row for the year carrying that year's level and a copy of role and names, so the page
 * is a range of score_years_list_level_idx (score_years_list_idx for all levels) in the list order;
 * the count comes from score_year_counts (migration 0008). `filled` says whether that holds yet.
 * Two statements (one level / all levels), not `$1 is null or ...`, so each keeps its partial index.
 */
const leaderList = (oneLevel: boolean) => {
  const ofLevel = oneLevel ? sql`and sy.level_of_competition = ${level}::text` : sql``;
  const countOfLevel = oneLevel ? sql`and c.level_of_competition = ${level}::text` : sql``;
  return rawStatement(
    oneLevel ? 'leaders_list_level' : 'leaders_list_all',
    sql`select exists (select 1 from score_year_fills f where f.competition_year = ${year}),
      '{"rows":' || (${leaderRowsJson(sql`(select sy.user_id, sy.level_of_competition, sy.points, sy.last_name, sy.first_name
                  from score_years sy
                 where sy.competition_year = ${year} and sy.role = 'user' ${ofLevel}
                 order by sy.points desc nulls last, sy.last_name asc, sy.first_name asc, sy.user_id asc
                 limit ${limit} offset ${offset}) p`)}
      ) || ',"count":' || (
        select coalesce(sum(c.employees), 0) from score_year_counts c where c.competition_year = ${year} ${countOfLevel}
      ) || '}'`,
  );
};

const levelList = leaderList(true);
const allList = leaderList(false);

/**
 * The list of all levels narrowed by name (admin search), planned like the users table's
 * (users/search-plan.ts): after the year's fill every employee has one row, so the counts of
 * user_search_counts are the list's; the page walks the list's index with a probe of
 * user_search_words per row or a hash table of the rarest term's matches, or collects the rarest
 * term's rows and sorts them. Same order and JSON as the list above. One level: level-search-repo.ts.
 */
const searchScope = rawStatement(
  'leaders_search_scope',
  sql`select exists (select 1 from score_year_fills f where f.competition_year = ${year}),
             (select coalesce(sum(c.employees), 0)::int from score_year_counts c where c.competition_year = ${year}),
             (select coalesce(json_object_agg(t.prefix, t.employees), '{}')::text from (
                select c.prefix, sum(c.employees)::int as employees from user_search_counts c where c.prefix = any(${sql.placeholder('prefixes')}::text[]) group by c.prefix) t)`,
);

const probes = sql.placeholder('probes');
const first = sql.placeholder('first');
const inYear = sql`sy.competition_year = ${year} and sy.role = 'user'`;
/** `offset 0` keeps each probe a per-row index-only range instead of a hash join over all matches. */
const hasEveryProbe = sql`not exists (select 1 from unnest(${probes}::text[]) t
  where not exists (select 1 from user_search_words w where w.user_id = sy.user_id and w.word >= t and w.word < t || '{' offset 0))`;
/** A hash table of the `first` term's matches, read once (`is true` keeps it a hashed subplan, not a join). */
const inFirstHashed = sql`(sy.user_id in (select w.user_id from user_search_words w where w.word >= ${first}::text and w.word < ${first}::text || '{')) is true`;
/** The other terms probed only for the rows in the hash table (`case` fixes the order of evaluation). */
const hashedThenProbes = sql`case when ${inFirstHashed} then ${hasEveryProbe} else false end`;
const startsWithFirst = sql`sy.user_id = any(array(select w.user_id from user_search_words w where w.word >= ${first}::text and w.word < ${first}::text || '{'))`;

/**
 * One named statement per shape, direction of reading and whether terms are probed
 * (no probe: a plain index walk). The walk reads ids only (an index-only scan of the list's index);
 * the page's rows are then primary-key probes.
 */
const searchedPage = (shape: SearchShape, reverse: boolean, probed: boolean) => {
  const conditions = {
    walk: [inYear, ...(probed ? [hasEveryProbe] : [])],
    hash: [inYear, probed ? hashedThenProbes : inFirstHashed],
    collect: [startsWithFirst, inYear, ...(probed ? [hasEveryProbe] : [])],
  }[shape];
  const order = reverse ? sql`sy.points asc nulls first, sy.last_name desc, sy.first_name desc, sy.user_id desc` : sql`sy.points desc nulls last, sy.last_name asc, sy.first_name asc, sy.user_id asc`;
  return rawStatement(
    `leaders_search_${shape}_all${reverse ? '_reverse' : ''}${probed ? '_probed' : ''}`,
    leaderRowsJson(sql`(select sy.user_id from score_years sy where ${sql.join(conditions, sql` and `)}
                 order by ${order} limit ${limit} offset ${offset}) page
          cross join lateral (select sy.user_id, sy.level_of_competition, sy.points, sy.last_name, sy.first_name from score_years sy
                               where sy.user_id = page.user_id and sy.competition_year = ${year} limit 1) p`),
  );
};
const searchedPages = new Map<string, ReturnType<typeof rawStatement>>();
const searchedPageOf = (shape: SearchShape, reverse: boolean, probed: boolean) => {
  const key = `${shape}${reverse}${probed}`;
  if (!searchedPages.has(key)) searchedPages.set(key, searchedPage(shape, reverse, probed));
  return searchedPages.get(key)!;
};
/**
 * When the count is not stored (two narrowing terms), the matches are read anyway to count them:
 * the same statement keeps them (materialized) and writes the requested page from them, so count
 * and page are one round trip and one pass instead of two.
 */
const searchedCountAndPage = (shape: 'hash' | 'collect') =>
  rawStatement(
    `leaders_search_counted_all_${shape}`,
    sql`with matches as materialized (
          select sy.user_id, sy.level_of_competition, sy.points, sy.last_name, sy.first_name from score_years sy
           where ${shape === 'hash' ? sql`${inYear} and ${hashedThenProbes}` : sql`${startsWithFirst} and ${inYear} and ${hasEveryProbe}`})
        select (select count(*)::int from matches),
          (${leaderRowsJson(sql`(select * from matches m order by m.points desc nulls last, m.last_name asc, m.first_name asc, m.user_id asc limit ${limit} offset ${offset}) p`)})`,
  );
const searchedCounts = { hash: searchedCountAndPage('hash'), collect: searchedCountAndPage('collect') };

const findSearchedLeadersJson = async (db: DbOrTx, filter: LeaderListFilter & { searchTerms: string[] }): Promise<string> => {
  if (filter.level !== undefined) {
    const search = { ...filter, level: filter.level };
    const json = await findLevelSearchJson(db, search);
    if (json !== null) return json;
    await ensureYearRows(db, filter.year);
    return (await findLevelSearchJson(db, search))!;
  }
  const scopeInput = { year: filter.year, prefixes: ['', ...filter.searchTerms] };
  const read = async () => (await searchScope(db, scopeInput)) as [[boolean, number, string]];
  let [[filled, everyone, termCounts]] = await read();
  if (!filled) {
    await ensureYearRows(db, filter.year);
    [[filled, everyone, termCounts]] = await read();
  }
  const stored = JSON.parse(termCounts) as Record<string, number>;
  const counts = new Map(['', ...filter.searchTerms].map((term) => [term, stored[term] ?? 0]));
  let countedPage: string | undefined;
  const countOf = async (firstTerm: string, others: string[], shape: 'hash' | 'collect') => {
    const input = { year: filter.year, month: filter.month, first: firstTerm, probes: others, limit: filter.limit, offset: filter.offset };
    const [[value, page]] = (await searchedCounts[shape](db, input)) as [[number, string]];
    countedPage = page;
    return value;
  };
  // Every employee has the year's row, so the counts of all employees are the list's.
  const scope = everyone !== counts.get('') ? { everyone } : undefined;
  const planned = await planSearch({ terms: filter.searchTerms, counts, scope, limit: filter.limit, offset: filter.offset, countOf });
  if (planned.kind === 'empty') return `{"rows":[],"count":${planned.count}}`;
  if (countedPage !== undefined) return `{"rows":${countedPage},"count":${planned.count}}`;
  const plan = planned.kind === 'except' ? planned.otherwise : planned; // never planned here (no `except`)
  const [[rows]] = (await searchedPageOf(plan.shape, plan.reverse, plan.probes.length > 0)(db, {
    year: filter.year,
    month: filter.month,
    first: plan.first ?? '',
    probes: plan.probes,
    limit: plan.limit,
    offset: plan.offset,
  })) as [[string]];
  return `{"rows":${rows},"count":${plan.count}}`;
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

/** The leaders module's reads (and the year fill other modules' reads rely on) on one handle. */
export const leadersRepo = repoOf({ findTopLeadersJson, findLeadersJson, ensureYearRows });
