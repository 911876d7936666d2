import { sql, type SQL } from 'drizzle-orm';
import { levels, type LevelOfCompetition } from '@/contract/common';
import { rawStatement } from '../../db/raw-statement';
import type { DbOrTx } from '../../db/client';
import { repoOf } from '../../db/repo-of';
import { rowsOf } from '../../db/rows';
import { foldedSearchTerms, matchesEveryTerm, matchesEveryTermWritten, termsOfFolded } from '../../db/search-text';
import { UPLOADS_PATH } from '../users/serialize';

/**
 * The year's TopLeaders JSON (docs/product-rules.md#leaderboard): per level, the ten employees
 * (with a confirmed e-mail address) with the most points (ties: the earlier last scoring day first), each level one range of
 * score_years_year_level_points_idx stopped after ten rows, names and pictures by primary key. The
 * order names `nulls last` as the index does (points are never null): with `points desc` alone
 * (nulls first) PostgreSQL could not read the index in order, and at 100,000 employees it walked
 * the year's points index, filtered the level and sorted: 6.4 ms a level instead of 0.5 ms.
 */
const topLeaders = rawStatement(
  'leaders_top',
  sql`select json_object_agg(l.level, coalesce(t.leaders, '[]'::json) order by l.ord)::text
      from unnest(${sql.placeholder('levels')}::text[]) with ordinality l(level, ord)
      left join lateral (
        select json_agg(json_build_object('userId', top.user_id, 'firstName', u.first_name, 'lastName', u.last_name,
                 'profilePicture', case when u.profile_picture is null then null else ${sql.placeholder('uploads')}::text || u.profile_picture end,
                 'annualPoints', top.points) order by top.points desc, top.last_scored_on asc nulls last, top.user_id) as leaders
          from (select sy.user_id, sy.points, sy.last_scored_on from score_years sy
                 where sy.competition_year = ${sql.placeholder('year')}::int and sy.level_of_competition = l.level and sy.points > 0
                   and exists (select 1 from users e where e.id = sy.user_id and e.role = 'user' and e.email_confirmed_at is not null)
                 order by sy.points desc nulls last, sy.last_scored_on asc nulls last, sy.user_id limit 10) top
          join users u on u.id = top.user_id) t on true`,
);

export const findTopLeadersJson = async (db: DbOrTx, year: number): Promise<string> => {
  const [[json]] = (await topLeaders(db, { year, levels: `{${levels.join(',')}}`, uploads: UPLOADS_PATH })) as [[string]];
  return json;
};

export type LeaderListFilter = { year: number; month: number; level?: LevelOfCompetition; limit: number; offset: number; search?: string };

/*
 * The admin leaders list (docs/product-rules.md#leaderboard): every employee (role user) who existed
 * in the year (joined before its end, or scored in it), 0 points included, with the level of that
 * year (their score row's, else user_levels', else today's), ordered by points, last name, first
 * name and id, with its exact count, as the contract's LeaderList JSON.
 *
 * The list is two runs. First the scored: the year's score_years rows (scoring.sql keeps a row only
 * for a year with a scoring day, so each has points above 0, and the level of that year). Then the
 * unscored (0 points) by name: the employees of the year without a row. A page reads the points
 * index, not every employee joined to their names (docs/performance.md, "Hot reads at full size"):
 * - The counts are kept: score_year_counts (the year's score rows by level, server/db/functions/leaders.sql)
 *   less the few other accounts' rows, and the employees of the year are employee_joins' (the
 *   overview's) plus the later joiners with a row. So the unscored run is read only when someone of
 *   the year has no row and the page reaches it.
 * - The page walks the level's points index to its offset (index entries, no names), takes the points
 *   there and counts the rows above them, then sorts the rows between its first and last points
 *   (their ties, a few hundred rows at full size) by name.
 * - A search walks the same index probing each row's person for the terms, while that walk is
 *   shorter than reading every match (`bench` matches everyone); a narrow search reads its matches
 *   from the trigram index and sorts them. Its count: when the year has no one unscored and no
 *   level is chosen, one count of users; else the matches joined to their score rows.
 */

type Scope = { year: number; level?: LevelOfCompetition; terms: readonly string[] };

/** The instant the year ends, in UTC (as employee_joins counts joins). */
const yearEnd = (year: number) => sql`(competition_year_first_day(${year}::int + 1)::timestamp at time zone 'UTC')`;

/** score_years rows (alias sy) of the scope's year and level. */
const scoredRows = ({ year, level }: Scope) => sql`sy.competition_year = ${year}::int${level ? sql` and sy.level_of_competition = ${level}::text` : sql``}`;

/** The order of the index that serves the scope: (year, level, points desc nulls last, ...), or (year, points) read backwards. */
const indexOrder = ({ level }: Scope) => (level ? sql`sy.points desc nulls last` : sql`sy.points desc`);

/** The few accounts that are not employees (admins). */
const nonEmployees = sql`array(select a.id from users a where a.role <> 'user')`;

/**
 * The row's person is an employee who matches the terms. Without terms: not one of the other
 * accounts, from the index entry alone. With terms: a probe of the person's row as a scalar
 * subquery, so PostgreSQL walks the index in order and stops where the page is.
 */
const ofEmployee = ({ terms }: Scope) =>
  terms.length === 0
    ? sql`sy.user_id <> all(${nonEmployees})`
    : sql`(select e.role = 'user' and ${matchesEveryTerm(sql.raw('e.search_text'), terms)} from users e where e.id = sy.user_id)`;

const matches = (alias: string, terms: readonly string[]) => matchesEveryTerm(sql.raw(`${alias}.search_text`), terms);

/** The same, written into the statement (search-text.ts): a count planned for the terms' own share of the users. */
const matchesWritten = (alias: string, terms: readonly string[]) => matchesEveryTermWritten(sql.raw(`${alias}.search_text`), terms);

/** The level of a listed person that year: their score row's, else user_levels', else today's. */
const levelOfYear = (year: number) => sql`coalesce(sy.level_of_competition,
    (select ul.level_of_competition from user_levels ul where ul.user_id = u.id and ul.competition_year <= ${year}::int order by ul.competition_year desc limit 1),
    (select ul.level_of_competition from user_levels ul where ul.user_id = u.id order by ul.competition_year asc limit 1),
    u.level_of_competition)`;

/**
 * scope: the employees' score rows of the year and level; matched: those matching the terms (scope
 * without terms); unscored: the year's employees without a score row, over every level and
 * without terms.
 */
type Counts = { scope: number; matched: number; unscored: number };

/**
 * The kept counts of the year (and level) and the search's folded terms, in one named statement
 * (planned once per connection): score_year_counts less the other accounts' rows; the employees of
 * the year (employee_joins' joins up to it, and the later joiners with a row) less the score rows.
 */
const keptCounts = rawStatement(
  'leaders_list_counts',
  sql`with k as materialized (
        select coalesce(sum(k.scored) filter (where ${sql.placeholder('level')}::text is null or k.level_of_competition = ${sql.placeholder('level')}::text), 0)::int as scope,
               coalesce(sum(k.scored), 0)::int as scored
          from score_year_counts k where k.competition_year = ${sql.placeholder('year')}::int),
      o as materialized (
        select count(*) filter (where ${sql.placeholder('level')}::text is null or sy.level_of_competition = ${sql.placeholder('level')}::text)::int as scope, count(*)::int as scored
          from score_years sy where sy.competition_year = ${sql.placeholder('year')}::int and sy.user_id = any(array(select a.id from users a where a.role <> 'user')))
    select k.scope - o.scope,
           (select coalesce(sum(j.employees), 0)::int from employee_joins j where j.competition_year <= ${sql.placeholder('year')}::int)
             + (select count(*)::int from users u where u.role = 'user' and u.created_at >= (competition_year_first_day(${sql.placeholder('year')}::int + 1)::timestamp at time zone 'UTC')
                  and exists (select 1 from score_years sy where sy.user_id = u.id and sy.competition_year = ${sql.placeholder('year')}::int))
             - (k.scored - o.scored),
           search_text_of(${sql.placeholder('search')}::text, '', ''),
           (select s.stamp::text from users_search_stamp s) || ':'
             || coalesce((select string_agg(c.stamp::text, ',' order by c.level_of_competition) from score_year_counts c where c.competition_year = ${sql.placeholder('year')}::int), '')
      from k, o`,
);

/**
 * The scored rows matching the terms: when the year has no one unscored and no level is chosen, the
 * matching users who joined before the year's end and the later joiners with a row; else the
 * matches joined to their score rows. Written without parameters (the year a whole number, the level
 * one of the four, the terms letters and digits), so PostgreSQL plans it for these values: a generic
 * plan ANDed the trigram index with the index of every employee's join date (3-4 times slower).
 */
const matchedOf = async (db: DbOrTx, scope: Scope, unscored: number): Promise<number> => {
  const { year, level, terms } = scope;
  if (!Number.isInteger(year) || (level && !levels.includes(level))) throw new Error('a year is a whole number and a level one of the four');
  const end = sql.raw(`(competition_year_first_day(${year} + 1)::timestamp at time zone 'UTC')`);
  const count =
    unscored === 0 && !level
      ? sql`(select count(*)::int from users u where u.role = 'user' and u.created_at < ${end} and ${matchesWritten('u', terms)})
          + (select count(*)::int from users u where u.role = 'user' and u.created_at >= ${end} and ${matchesWritten('u', terms)}
               and exists (select 1 from score_years sy where sy.user_id = u.id and sy.competition_year = ${sql.raw(String(year))}))`
      : sql`(select count(*)::int from score_years sy join users u on u.id = sy.user_id
              where sy.competition_year = ${sql.raw(String(year))}${level ? sql.raw(` and sy.level_of_competition = '${level}'`) : sql``}
                and u.role = 'user' and ${matchesWritten('u', terms)})`;
  const [row] = rowsOf<{ matched: number | string }>(await db.execute(sql`select ${count} as matched`));
  return Number(row!.matched);
};

/**
 * A search's matched count as the API kept it, with the stamp it was read under: the users' search
 * stamp and the year's score_year_counts stamps, which move with every person added, removed,
 * renamed or given another role or level, and every score row of the year counted in or out
 * (server/db/functions/admin-search.sql, leaders.sql). Null when a reset left no users stamp.
 */
export type KeptMatched = { stamp: string; matched: number };

const countsOf = async (db: DbOrTx, filter: LeaderListFilter, kept: KeptMatched | undefined) => {
  const { year, level, search } = filter;
  const [[scopeCount, unscored, folded, stamp]] = (await keptCounts(db, { year, level: level ?? null, search: search ?? '' })) as [
    [number | string, number | string, string, string | null],
  ];
  const scope: Scope = { year, level, terms: termsOfFolded(folded) };
  const counts: Counts = { scope: Number(scopeCount), unscored: Number(unscored), matched: Number(scopeCount) };
  if (scope.terms.length > 0) counts.matched = kept && stamp !== null && kept.stamp === stamp ? kept.matched : await matchedOf(db, scope, counts.unscored);
  return { scope, counts, stamp };
};

/** Ids of the scored run at [offset, offset + limit), walking the points index (see above). */
const scoredWalk = (scope: Scope, offset: number, limit: number) => {
  const rows = sql`score_years sy where ${scoredRows(scope)} and ${ofEmployee(scope)}`;
  // The points at the offset and the rows above them: without terms two index ranges (a skip, then a
  // count); with terms the walk's rows are kept, so each person is probed once.
  const edge = scope.terms.length === 0
    ? sql`hi as materialized (select sy.points from ${rows} order by ${indexOrder(scope)} offset ${offset}::int limit 1),
      above as materialized (select count(*)::int as n from ${rows} and sy.points > (select hi.points from hi)),`
    : sql`w as materialized (select sy.points from ${rows} order by ${indexOrder(scope)} limit ${offset + 1}::int),
      hi as materialized (select min(w.points) as points from w),
      above as materialized (select count(*)::int as n from w where w.points > (select hi.points from hi)),`;
  return sql`(with ${edge}
      lo as materialized (select sy.points from ${rows} and sy.points <= (select hi.points from hi)
                           order by ${indexOrder(scope)} offset ${offset}::int - (select above.n from above) + ${limit}::int - 1 limit 1)
    select array(select sy.user_id from score_years sy join users u on u.id = sy.user_id
                  where ${scoredRows(scope)} and ${ofEmployee(scope)}
                    and sy.points <= (select hi.points from hi) and sy.points >= coalesce((select lo.points from lo), -2147483648)
                  order by sy.points desc, u.last_name, u.first_name, u.id
                 offset ${offset}::int - (select above.n from above) limit ${limit}::int))`;
};

/** Ids of the scored run at [offset, offset + limit) from every match of the terms (trigram index), sorted. */
const scoredMatches = (scope: Scope, offset: number, limit: number) =>
  sql`array(select sy.user_id from users u join score_years sy on sy.user_id = u.id
             where u.role = 'user' and ${matches('u', scope.terms)} and ${scoredRows(scope)}
             order by sy.points desc, u.last_name, u.first_name, u.id offset ${offset}::int limit ${limit}::int)`;

/** The year's employees without a score row (0 points) in the scope: id and names, for their count and pages. */
const unscoredRows = ({ year, level, terms }: Scope) =>
  sql`select u.id, u.last_name, u.first_name, 0 as points
        from users u left join score_years sy on sy.user_id = u.id and sy.competition_year = ${year}::int
       where u.role = 'user' and ${matches('u', terms)} and u.created_at < ${yearEnd(year)} and sy.user_id is null${level ? sql` and ${levelOfYear(year)} = ${level}::text` : sql``}`;

/** The LeaderList rows of `ids` (an int[] expression), in its order. */
const rowsJson = (year: number, month: number, ids: SQL) =>
  sql`(select '[' || coalesce(string_agg(row_to_json(r)::text, ',' order by p.ord), '') || ']'
         from unnest(${ids}) with ordinality p(id, ord)
         join users u on u.id = p.id
         left join score_years sy on sy.user_id = u.id and sy.competition_year = ${year}::int
         left join score_months sm on sm.user_id = u.id and sm.competition_year = ${year}::int and sm.month = ${month}::int
         cross join lateral (select u.id as "userId", u.first_name as "firstName", u.last_name as "lastName", u.email,
                                    ${levelOfYear(year)} as "levelOfCompetition", coalesce(sy.points, 0) as "annualPoints", coalesce(sm.points, 0) as "monthlyPoints") r)`;

/** The page as LeaderList JSON, and the matched count with its stamp for the caller to keep (null: nothing to keep). */
export const findLeadersPage = async (db: DbOrTx, filter: LeaderListFilter, kept?: KeptMatched): Promise<{ json: string; matched: KeptMatched | null }> => {
  const { year, month, limit, offset } = filter;
  const { scope, counts, stamp } = await countsOf(db, filter, kept);
  // The scored part of the page; with terms, a walk of the index while it is shorter than reading every match.
  const scored =
    offset >= counts.matched
      ? sql`'{}'::int[]`
      : scope.terms.length === 0 || (offset + limit) * counts.scope <= counts.matched * counts.matched
        ? scoredWalk(scope, offset, limit)
        : scoredMatches(scope, offset, limit);
  const unscoredOffset = Math.max(0, offset - counts.matched);
  const unscoredLimit = offset + limit - Math.max(offset, counts.matched);
  const statement =
    counts.unscored === 0
      ? sql`select '{"rows":' || ${rowsJson(year, month, scored)} || ',"count":' || ${counts.matched}::int || '}' as json`
      : sql`with z as materialized (${unscoredRows(scope)})
          select '{"rows":' || ${rowsJson(
            year,
            month,
            unscoredLimit > 0
              ? sql`${scored} || array(select z.id from z order by z.last_name, z.first_name, z.id offset ${unscoredOffset}::int limit ${unscoredLimit}::int)`
              : scored,
          )} || ',"count":' || (${counts.matched}::int + (select count(*)::int from z)) || '}' as json`;
  const [row] = rowsOf<{ json: string }>(await db.execute(statement));
  return { json: row!.json, matched: scope.terms.length > 0 && stamp !== null ? { stamp, matched: counts.matched } : null };
};

export const findLeadersJson = async (db: DbOrTx, filter: LeaderListFilter): Promise<string> => (await findLeadersPage(db, filter)).json;

/**
 * Every id of the list in its order, for the CSV export: one sort of the whole list, then its rows
 * are read by id 1,000 at a time (findLeaderRowsJson), so an export reads each row once instead of
 * skipping every earlier page again.
 */
export const findLeaderIds = async (db: DbOrTx, filter: Omit<LeaderListFilter, 'month' | 'limit' | 'offset'>): Promise<number[]> => {
  const { year, level } = filter;
  const scope: Scope = { year, level, terms: await foldedSearchTerms(db, filter.search) };
  const [row] = rowsOf<{ ids: string }>(
    await db.execute(sql`select coalesce((select string_agg(id::text, ',' order by points desc, last_name, first_name, id) from (
        select sy.user_id as id, u.last_name, u.first_name, sy.points from score_years sy join users u on u.id = sy.user_id
         where ${scoredRows(scope)} and u.role = 'user' and ${matches('u', scope.terms)}
        union all ${unscoredRows(scope)}) l), '') as ids`),
  );
  return row!.ids ? row!.ids.split(',').map(Number) : [];
};

/** The LeaderList rows of these ids, in their order (the export's batches). */
export const findLeaderRowsJson = async (db: DbOrTx, year: number, month: number, ids: readonly number[]): Promise<string> => {
  const [row] = rowsOf<{ json: string }>(await db.execute(sql`select ${rowsJson(year, month, sql`${`{${ids.join(',')}}`}::int[]`)} as json`));
  return row!.json;
};

export const leadersRepo = repoOf({ findTopLeadersJson, findLeadersPage, findLeaderIds, findLeaderRowsJson });
