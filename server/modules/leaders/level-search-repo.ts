import { sql } from 'drizzle-orm';
import type { LevelOfCompetition } from '@/contract/common';
import type { DbOrTx } from '../../db/client';
import { rawStatement } from '../../db/raw-statement';
import { leaderRowsJson, listParams } from './leader-rows-repo';

const { year, level, limit, offset } = listParams;
const terms = sql.placeholder('terms');

/**
 * The employees of the level and year with a word starting with `first` (score_year_words, migration
 * 0021: one primary-key range) and, with several terms, a word starting with each other term
 * (per-match probes of user_search_words). The first term is the one fewest employees of the level
 * match (user_search_counts, by their current level: an estimate of the year's, exact in the
 * current year), so the range read is the smallest.
 */
const foundOf = (probed: boolean) => {
  if (!probed) {
    return sql`select distinct w.user_id from score_year_words w
                where w.competition_year = ${year}::int and w.level_of_competition = ${level}::text
                  and w.word >= (${terms}::text[])[1] and w.word < (${terms}::text[])[1] || '{'`;
  }
  return sql`select distinct w.user_id from score_year_words w, first_term f
              where w.competition_year = ${year}::int and w.level_of_competition = ${level}::text
                and w.word >= f.term and w.word < f.term || '{'
                and not exists (select 1 from unnest(${terms}::text[]) t
                  where t <> f.term and not exists (select 1 from user_search_words o where o.user_id = w.user_id and o.word >= t and o.word < t || '{' offset 0))`;
};

const firstTerm = sql`first_term as materialized (
  select t.term from unnest(${terms}::text[]) with ordinality t(term, n)
   order by (select c.employees from user_search_counts c where c.prefix = t.term and c.level_of_competition = ${level}::text) nulls first, t.n
   limit 1)`;

/** The list's order, and the same order read from its end. */
const forward = sql`sy.points desc nulls last, sy.last_name asc, sy.first_name asc, sy.user_id asc`;
const backward = sql`sy.points asc nulls first, sy.last_name desc, sy.first_name desc, sy.user_id desc`;
const inLevel = sql`sy.competition_year = ${year}::int and sy.role = 'user' and sy.level_of_competition = ${level}::text`;
/** A hash table of the matches, read once (`is true` keeps it a hashed subplan, not a join). */
const isFound = sql`(sy.user_id in (select f.user_id from found f)) is true`;

/**
 * Count and page of the level's list searched by name, in one round trip. The page is read in the
 * cheapest of three shapes, chosen in the statement from the exact count (µs per row measured with
 * EXPLAIN ANALYZE, PostgreSQL 15, 2,500 employees a level): walking the level's order index from
 * the top testing the hash table of matches until the page is full (0.2 per row stepped, about
 * level/matches rows per match), walking it from the end for a page near the end, or reading the
 * matches by primary key and sorting them (1.4 per match). Only the chosen branch runs: the others'
 * one-time filters are false. `filled` says whether the year's rows exist (leaders/year-rows.ts).
 */
const levelSearch = (probed: boolean) =>
  rawStatement(
    `leaders_search_level${probed ? '_probed' : ''}`,
    sql`with ${probed ? sql`${firstTerm},` : sql``}
        found as materialized (${foundOf(probed)}),
        sizes as materialized (
          select (select count(*)::int from found) as matches,
                 (select coalesce(sum(c.employees), 0)::int from score_year_counts c
                   where c.competition_year = ${year}::int and c.level_of_competition = ${level}::text) as everyone),
        plan as materialized (
          select s.matches, s.everyone,
                 case when ${offset}::int >= s.matches then 'none'
                      when s.matches * 1.4 <= least(${offset}::int + ${limit}::int, s.matches - ${offset}::int) * 0.2 * s.everyone / s.matches then 'collect'
                      when ${offset}::int + ${limit}::int <= s.matches - ${offset}::int then 'forward'
                      else 'backward' end as shape,
                 greatest(0, s.matches - ${offset}::int - ${limit}::int) as back_offset,
                 greatest(0, least(${limit}::int, s.matches - ${offset}::int)) as back_limit
            from sizes s),
        page as (
          (select sy.user_id, sy.level_of_competition, sy.points, sy.last_name, sy.first_name from score_years sy
            where (select p.shape from plan p) = 'forward' and ${inLevel} and ${isFound}
            order by ${forward} limit ${limit}::int offset ${offset}::int)
          union all
          (select sy.user_id, sy.level_of_competition, sy.points, sy.last_name, sy.first_name from score_years sy
            where (select p.shape from plan p) = 'backward' and ${inLevel} and ${isFound}
            order by ${backward} limit (select p.back_limit from plan p) offset (select p.back_offset from plan p))
          union all
          (select sy.user_id, sy.level_of_competition, sy.points, sy.last_name, sy.first_name from score_years sy
            where (select p.shape from plan p) = 'collect' and sy.user_id = any(array(select f.user_id from found f)) and ${inLevel}
            order by ${forward} limit ${limit}::int offset ${offset}::int))
        select exists (select 1 from score_year_fills f where f.competition_year = ${year}::int),
               (select p.matches from plan p),
               (${leaderRowsJson(sql`page p`)})`,
  );

const statements = { single: levelSearch(false), probed: levelSearch(true) };

export type LevelSearch = { year: number; month: number; level: LevelOfCompetition; limit: number; offset: number; searchTerms: string[] };

/** The LeaderList JSON of a level searched by name, or null when the year's rows are not filled yet. */
export const findLevelSearchJson = async (db: DbOrTx, search: LevelSearch): Promise<string | null> => {
  const distinct = [...new Set(search.searchTerms)];
  const statement = distinct.length > 1 ? statements.probed : statements.single;
  const input = { year: search.year, month: search.month, level: search.level, limit: search.limit, offset: search.offset, terms: distinct };
  const [[filled, matches, rows]] = (await statement(db, input)) as [[boolean, number, string]];
  return filled ? `{"rows":${rows},"count":${matches}}` : null;
};
