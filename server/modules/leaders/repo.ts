import { sql, type SQL } from 'drizzle-orm';
import { levels, type LevelOfCompetition } from '@/contract/common';
import { rawStatement } from '../../db/raw-statement';
import type { DbOrTx } from '../../db/client';
import { repoOf } from '../../db/repo-of';
import { rowsOf } from '../../db/rows';
import { foldedSearchTerms, matchesEveryTerm } from '../../db/search-text';
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
 * unscored (0 points) by name: the employees of the year without a row. A page reads the score
 * rows' points, not every employee joined to their names (docs/performance.md, "Hot reads at full size"):
 * - One statement counts the year's score rows by level and points (one pass over 100,000 index
 *   entries at full size, about 100 distinct points a level): the level's count, the points at the
 *   page's first and last rows and how many rows score more. The employees of the year are
 *   employee_joins' (kept by the overview's trigger) plus the later joiners with a row; the unscored
 *   run is read only when there is someone in it and the page reaches it.
 * - The page is then the rows between its first and last points (their ties, a few hundred rows),
 *   joined to their names and sorted.
 * - A search walks the points index in order, probing each row's person for the terms, while that
 *   walk is shorter than reading every match (`bench` matches everyone); a narrow search reads its
 *   matches from the trigram index and sorts them. When the year has no one unscored and no level is
 *   chosen, its count is one count of users.
 */

type Scope = { year: number; level?: LevelOfCompetition; terms: readonly string[] };

/** The instant the year ends, in UTC (as employee_joins counts joins). */
const yearEnd = (year: number) => sql`(competition_year_first_day(${year}::int + 1)::timestamp at time zone 'UTC')`;

/** score_years rows (alias sy) of the scope's year and level. */
const scoredRows = ({ year, level }: Scope) => sql`sy.competition_year = ${year}::int and sy.points > 0${level ? sql` and sy.level_of_competition = ${level}::text` : sql``}`;

/** The order of the index that serves the scope: (year, level, points desc nulls last, ...), or (year, points) read backwards. */
const indexOrder = ({ level }: Scope) => (level ? sql`sy.points desc nulls last` : sql`sy.points desc`);

/** Not one of the few other accounts (admins), from the score row alone. */
const ofAnEmployee = sql`sy.user_id <> all(array(select a.id from users a where a.role <> 'user'))`;

/** The row's person (a probe, as a scalar subquery: PostgreSQL walks the index in order and stops where the page is) is an employee who matches the terms. */
const ofAMatch = (terms: readonly string[]) => sql`(select e.role = 'user' and ${matchesEveryTerm(sql.raw('e.search_text'), terms)} from users e where e.id = sy.user_id)`;

const matches = (alias: string, terms: readonly string[]) => matchesEveryTerm(sql.raw(`${alias}.search_text`), terms);

/**
 * The same, with the terms written into the statement, so PostgreSQL plans a count with each term's
 * own share of the users (a seq scan for a term everyone matches, the trigram index for a rare one)
 * instead of a generic plan's guess. Folded terms are letters and digits only (search_text_of).
 */
const matchesWritten = (alias: string, terms: readonly string[]) => {
  if (!terms.every((term) => /^[a-z0-9]+$/.test(term))) throw new Error('a folded search term holds only a-z and 0-9');
  return sql.raw(terms.length === 0 ? 'true' : terms.map((term) => `${alias}.search_text like '% ${term}%'`).join(' and '));
};

/** The level of a listed person that year: their score row's, else user_levels', else today's. */
const levelOfYear = (year: number) => sql`coalesce(sy.level_of_competition,
    (select ul.level_of_competition from user_levels ul where ul.user_id = u.id and ul.competition_year <= ${year}::int order by ul.competition_year desc limit 1),
    (select ul.level_of_competition from user_levels ul where ul.user_id = u.id order by ul.competition_year asc limit 1),
    u.level_of_competition)`;

/**
 * matched: the scored rows of the scope (its terms included); scope: those of the level without
 * terms; unscored: the year's employees without a score row, over every level and without terms;
 * without terms, also the points at the page's first row (hi) and last row (lo), and the rows
 * above hi.
 */
type Counts = { matched: number; scope: number; unscored: number; hi: number | null; lo: number | null; above: number };

const countsOf = async (db: DbOrTx, scope: Scope, offset: number, limit: number): Promise<Counts> => {
  const { year, level, terms } = scope;
  const end = yearEnd(year);
  const late = (search: readonly string[]) =>
    sql`(select count(*)::int from users u where u.role = 'user' and u.created_at >= ${end} and ${matchesWritten('u', search)}
           and exists (select 1 from score_years sy where sy.user_id = u.id and sy.competition_year = ${year}::int))`;
  const employees = sql`(select coalesce(sum(j.employees), 0)::int from employee_joins j where j.competition_year <= ${year}::int) + ${late([])}`;
  const joined = sql`(select count(*)::int from score_years sy join users u on u.id = sy.user_id where ${scoredRows(scope)} and u.role = 'user' and ${matchesWritten('u', terms)})`;
  const everyMatch = sql`(select count(*)::int from users u where u.role = 'user' and u.created_at < ${end} and ${matchesWritten('u', terms)}) + ${late(terms)}`;
  const matched = terms.length === 0 ? sql`c.scope` : level ? joined : sql`case when c.unscored = 0 then ${everyMatch} else ${joined} end`;
  // Without terms the year's rows by level and points (the level's points give the page's edges); with terms only their count.
  const rows = sql`from score_years sy where ${scoredRows({ year, terms: [] })} and ${ofAnEmployee}`;
  const histogram = terms.length === 0 ? sql`select sy.level_of_competition as level, sy.points, count(*)::int as n ${rows} group by 1, 2` : sql`select null::text as level, 0 as points, count(*)::int as n ${rows}`;
  const [row] = rowsOf<Record<keyof Counts, number | string | null>>(
    await db.execute(sql`with h as materialized (${histogram}),
        r as (select g.points, g.n, (sum(g.n) over (order by g.points desc) - g.n)::int as above
                from (select h.points, sum(h.n)::int as n from h ${level ? sql`where h.level = ${level}::text` : sql``} group by h.points) g),
        c as materialized (select ${terms.length === 0 || !level ? sql`coalesce((select sum(r.n) from r), 0)::int` : sql`(select count(*)::int ${rows} and sy.level_of_competition = ${level}::text)`} as scope,
                                  ${employees} - coalesce((select sum(h.n) from h), 0)::int as unscored)
      select c.scope, c.unscored, ${matched} as matched,
             (select r.points from r where r.above <= ${offset}::int order by r.points limit 1) as hi,
             (select r.above from r where r.above <= ${offset}::int order by r.points limit 1) as above,
             (select r.points from r where r.above <= ${offset + limit - 1}::int order by r.points limit 1) as lo
        from c`),
  );
  const number = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Number(value));
  return { matched: number(row!.matched)!, scope: number(row!.scope)!, unscored: number(row!.unscored)!, hi: number(row!.hi), lo: number(row!.lo), above: number(row!.above) ?? 0 };
};

/** Ids of the scored run at [offset, offset + limit) without terms: the rows between the page's first and last points, sorted. */
const scoredBetween = (scope: Scope, counts: Counts, offset: number, limit: number) =>
  sql`array(select sy.user_id from score_years sy join users u on u.id = sy.user_id
             where ${scoredRows(scope)} and u.role = 'user' and sy.points between ${counts.lo}::int and ${counts.hi}::int
             order by sy.points desc, u.last_name, u.first_name, u.id offset ${offset - counts.above}::int limit ${limit}::int)`;

/** Ids of the scored run at [offset, offset + limit) with terms, walking the points index (see above). */
const scoredWalk = (scope: Scope, offset: number, limit: number) => {
  const rows = sql`score_years sy where ${scoredRows(scope)} and ${ofAMatch(scope.terms)}`;
  return sql`(with w as materialized (select sy.points from ${rows} order by ${indexOrder(scope)} limit ${offset + 1}::int),
      hi as materialized (select min(w.points) as points from w),
      above as materialized (select count(*)::int as n from w where w.points > (select hi.points from hi)),
      lo as materialized (select sy.points from ${rows} and sy.points <= (select hi.points from hi)
                           order by ${indexOrder(scope)} offset ${offset}::int - (select above.n from above) + ${limit}::int - 1 limit 1)
    select array(select sy.user_id from score_years sy join users u on u.id = sy.user_id
                  where ${scoredRows(scope)} and u.role = 'user' and ${matches('u', scope.terms)}
                    and sy.points <= (select hi.points from hi) and sy.points >= coalesce((select lo.points from lo), 1)
                  order by sy.points desc, u.last_name, u.first_name, u.id
                 offset ${offset}::int - (select above.n from above) limit ${limit}::int))`;
};

/** Ids of the scored run at [offset, offset + limit) from every match of the terms (trigram index), sorted. */
const scoredMatches = (scope: Scope, offset: number, limit: number) =>
  sql`array(select sy.user_id from users u join score_years sy on sy.user_id = u.id
             where u.role = 'user' and ${matches('u', scope.terms)} and ${scoredRows(scope)}
             order by sy.points desc, u.last_name, u.first_name, u.id offset ${offset}::int limit ${limit}::int)`;

/** The unscored employees of the scope (id, names, points 0), for their count and pages. */
const unscoredRows = ({ year, level, terms }: Scope) =>
  sql`select u.id, u.last_name, u.first_name, coalesce(sy.points, 0) as points
        from users u left join score_years sy on sy.user_id = u.id and sy.competition_year = ${year}::int
       where u.role = 'user' and ${matches('u', terms)} and (u.created_at < ${yearEnd(year)} or sy.user_id is not null)
         and not coalesce(sy.points > 0, false)${level ? sql` and ${levelOfYear(year)} = ${level}::text` : sql``}`;

/** The LeaderList rows of `ids` (an int[] expression), in its order. */
const rowsJson = (year: number, month: number, ids: SQL) =>
  sql`(select '[' || coalesce(string_agg(row_to_json(r)::text, ',' order by p.ord), '') || ']'
         from unnest(${ids}) with ordinality p(id, ord)
         join users u on u.id = p.id
         left join score_years sy on sy.user_id = u.id and sy.competition_year = ${year}::int
         left join score_months sm on sm.user_id = u.id and sm.competition_year = ${year}::int and sm.month = ${month}::int
         cross join lateral (select u.id as "userId", u.first_name as "firstName", u.last_name as "lastName", u.email,
                                    ${levelOfYear(year)} as "levelOfCompetition", coalesce(sy.points, 0) as "annualPoints", coalesce(sm.points, 0) as "monthlyPoints") r)`;

export const findLeadersJson = async (db: DbOrTx, filter: LeaderListFilter): Promise<string> => {
  const { year, month, level, limit, offset } = filter;
  const scope: Scope = { year, level, terms: await foldedSearchTerms(db, filter.search) };
  const counts = await countsOf(db, scope, offset, limit);
  // The scored part of the page; with terms, a walk of the index while it is shorter than reading every match.
  const scored =
    offset >= counts.matched
      ? sql`'{}'::int[]`
      : scope.terms.length === 0
        ? scoredBetween(scope, counts, offset, limit)
        : (offset + limit) * counts.scope <= counts.matched * counts.matched
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
              ? sql`${scored} || array(select z.id from z order by z.points desc, z.last_name, z.first_name, z.id offset ${unscoredOffset}::int limit ${unscoredLimit}::int)`
              : scored,
          )} || ',"count":' || (${counts.matched}::int + (select count(*)::int from z)) || '}' as json`;
  const [row] = rowsOf<{ json: string }>(await db.execute(statement));
  return row!.json;
};

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

export const leadersRepo = repoOf({ findTopLeadersJson, findLeadersJson, findLeaderIds, findLeaderRowsJson });
