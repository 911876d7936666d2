import { sql, type SQL } from 'drizzle-orm';
import { levels, type LevelOfCompetition } from '@/contract/common';
import type { UserSort } from '@/contract/users';
import { searchWordsOf } from '@/domain/search-words';
import type { DbOrTx } from '../../db/client';
import { rawStatement } from '../../db/raw-statement';
import { UPLOADS_PATH } from './serialize';
import { countSearchTerms, planSearch, type ExceptPlan, type PagePlan, type SearchShape } from './search-plan';

/**
 * A page of the admin users table (search, level, sort, order) and its exact count, in SQL.
 *
 * The count is read from user_search_counts (migration 0013): one primary-key row per term, so a term
 * that every employee matches costs the same as one that matches nobody. A term that matches every
 * employee of the level narrows nothing and is dropped. The page is then one of three shapes, chosen
 * by the counts (search-plan.ts):
 * - walk: the users_order_<column>_<direction> index in the table's order, each row checked with an
 *   index-only probe of user_search_words per term, stopping after the page (from the far end when
 *   the page is nearer the last one). No term left: a plain walk of the index.
 * - hash: the same walk, each row tested against a hash table of the rarest term's matches (read
 *   once): when many rows must be stepped over.
 * - collect: the ids of the rarest term (one range of the words' primary key), the other terms
 *   probed, the matches sorted: when the search is narrow.
 * Each shape is a named prepared statement per order (generic plans, db/client.ts) that writes the
 * page's JSON with the quarterly bonus joined in, so a page is two round trips (counts, page).
 */

const orderColumn: Record<UserSort, string> = {
  lastName: 'last_name',
  firstName: 'first_name',
  email: 'email',
  gender: 'gender',
  levelOfCompetition: 'level_of_competition',
};

const p = {
  level: sql.placeholder('level'),
  probes: sql.placeholder('probes'),
  first: sql.placeholder('first'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
  bonusYear: sql.placeholder('bonusYear'),
  uploads: sql.placeholder('uploads'),
  term: sql.placeholder('term'),
  parent: sql.placeholder('parent'),
  cap: sql.placeholder('cap'),
};

/** `asc`/`desc` of the sort column; `reverse` flips the whole order (a walk from the far end). */
const orderBy = (sort: UserSort, order: 'asc' | 'desc', reverse: boolean) => {
  const flip = (direction: 'asc' | 'desc') => (reverse ? (direction === 'asc' ? 'desc' : 'asc') : direction);
  const column = orderColumn[sort];
  const ties = ['last_name', 'first_name', 'id'].filter((tie) => tie !== column).map((tie) => `s.${tie} ${flip('asc')}`);
  return sql.raw([`s.${column} ${flip(order)}`, ...ties].join(', '));
};

const employeeOfLevel = sql`s.role = 'user' and (${p.level}::text is null or s.level_of_competition = ${p.level}::text)`;
/**
 * Which employees a page statement walks: all, one level (a generic plan of `$level is null or ...`
 * would test that on every walked row, ~15 % of a deep walk), or, sorted by level, the levels from
 * `$level` on in the walk's direction (the levels before it are skipped by their counts).
 */
type Scope = 'all' | 'level' | 'levelsDown' | 'levelsUp';
const employeesOf = (scope: Scope) =>
  ({
    all: sql`s.role = 'user'`,
    level: sql`s.role = 'user' and s.level_of_competition = ${p.level}::text`,
    levelsDown: sql`s.role = 'user' and s.level_of_competition <= ${p.level}::text`,
    levelsUp: sql`s.role = 'user' and s.level_of_competition >= ${p.level}::text`,
  })[scope];

/**
 * Every term of `probes` starts a word of s (an index-only range of user_search_words_user_word_idx
 * per term). `offset 0` keeps the planner from turning the probe into a hash join over all matches.
 */
const hasEveryProbe = sql`not exists (select 1 from unnest(${p.probes}::text[]) t
  where not exists (select 1 from user_search_words w where w.user_id = s.id and w.word >= t and w.word < t || '{' offset 0))`;

/**
 * Tests each walked row against a hash table of the `first` term's matches (`is true` keeps the
 * planner from turning it into a join, so it stays a hashed subplan read once per statement).
 */
const inFirstHashed = sql`(s.id in (select w.user_id from user_search_words w where w.word >= ${p.first}::text and w.word < ${p.first}::text || '{')) is true`;

/** The other terms probed only for the rows in the hash table (`case` fixes the order; the planner may rank a probe cheaper). */
const hashedThenProbes = sql`case when ${inFirstHashed} then ${hasEveryProbe} else false end`;

/** The employees with a word starting with the `first` term (duplicates are removed by the index scan of `= any`). */
const startsWithFirst = sql`s.id = any(array(select w.user_id from user_search_words w where w.word >= ${p.first}::text and w.word < ${p.first}::text || '{'))`;

/**
 * The page's ids in order, then the contract's `User` JSON of each (primary-key probes of users and
 * quarterly_bonuses), written by the database: route() sends it as it is (PreSerialized).
 */
const pageJsonOf = (ids: SQL, reverse: boolean) => sql`select coalesce('[' || string_agg(row_to_json(r)::text, ',' order by page.position ${sql.raw(reverse ? 'desc' : 'asc')}) || ']', '[]')
  from unnest(array(${ids})) with ordinality as page(id, position)
  cross join lateral (select * from users u where u.id = page.id limit 1) u
  left join lateral (select * from quarterly_bonuses qb where qb.user_id = u.id and qb.competition_year = ${p.bonusYear} limit 1) qb on true
  cross join lateral (select u.id, u.role, u.first_name as "firstName", u.last_name as "lastName", u.email, u.date_of_birth as "dateOfBirth", u.gender,
                             u.level_of_competition as "levelOfCompetition", ${p.uploads}::text || u.profile_picture as "profilePicture",
                             u.is_private_activity as "isPrivateActivity",
                             json_build_object('firstQuarter', coalesce(qb.first_quarter, false), 'secondQuarter', coalesce(qb.second_quarter, false),
                                               'thirdQuarter', coalesce(qb.third_quarter, false), 'fourthQuarter', coalesce(qb.fourth_quarter, false)) as "quarterlyBonus") r`;


const statements = new Map<string, ReturnType<typeof rawStatement>>();

/** One named statement per shape, order, direction of reading and whether terms are probed (no probe: a plain index walk). */
const statementFor = (shape: SearchShape, sort: UserSort, order: 'asc' | 'desc', reverse: boolean, probed: boolean, scope: Scope) => {
  const name = `employees_${shape}_${sort}_${order}${reverse ? '_reverse' : ''}${probed ? '_probed' : ''}_${scope}`;
  let statement = statements.get(name);
  if (!statement) {
    const conditions = {
      walk: [employeesOf(scope), ...(probed ? [hasEveryProbe] : [])],
      hash: [employeesOf(scope), probed ? hashedThenProbes : inFirstHashed],
      collect: [startsWithFirst, employeesOf(scope), ...(probed ? [hasEveryProbe] : [])],
    }[shape];
    const ids = sql`select s.id from users s where ${sql.join(conditions, sql` and `)} order by ${orderBy(sort, order, reverse)} limit ${p.limit} offset ${p.offset}`;
    statement = rawStatement(name, pageJsonOf(ids, reverse));
    statements.set(name, statement);
  }
  return statement;
};

/**
 * The except shape (search-plan.ts, ExceptPlan): the employees that do not match the lone `term`
 * have a word starting with `parent` (everyone has one) outside the term's range; at most `cap`
 * entries of those two ranges are read (index-only), the ones with no word starting with the term
 * kept (a probe each: `offset 0` keeps it from hashing the term's every match), and the walk of
 * the order index skips them. NULL when `cap` entries were read: there may be
 * more, and the caller reads its other plan.
 */
const exceptStatements = new Map<string, ReturnType<typeof rawStatement>>();
const exceptStatementFor = (sort: UserSort, order: 'asc' | 'desc', reverse: boolean, leveled: boolean) => {
  const name = `employees_except_${sort}_${order}${reverse ? '_reverse' : ''}${leveled ? '_level' : ''}`;
  let statement = exceptStatements.get(name);
  if (!statement) {
    const outsideTerm = sql`(select w.user_id from user_search_words w where w.word >= ${p.parent}::text and w.word < ${p.term}::text limit ${p.cap})
      union all (select w.user_id from user_search_words w where w.word >= ${p.term}::text || '{' and w.word < ${p.parent}::text || '{' limit ${p.cap})`;
    const misses = sql`array(select distinct c.user_id from candidates c
      where not exists (select 1 from user_search_words t where t.user_id = c.user_id and t.word >= ${p.term}::text and t.word < ${p.term}::text || '{' offset 0))`;
    const ids = sql`select s.id from users s where ${employeesOf(leveled ? 'level' : 'all')} and s.id <> all(${misses})
      order by ${orderBy(sort, order, reverse)} limit ${p.limit} offset ${p.offset}`;
    statement = rawStatement(
      name,
      sql`with candidates as materialized (select c.user_id from (${outsideTerm}) c limit ${p.cap})
        select case when (select count(*) from candidates) < ${p.cap} then (${pageJsonOf(ids, reverse)}) end`,
    );
    exceptStatements.set(name, statement);
  }
  return statement;
};

/** The exact count of a search of two or more narrowing terms: the rarest term's employees, the others probed. */
const countsOfTerms = {
  collect: rawStatement('employees_search_count_collect', sql`select count(*)::int from users s where ${startsWithFirst} and ${employeeOfLevel} and ${hasEveryProbe}`),
  hash: rawStatement('employees_search_count_hash', sql`select count(*)::int from users s where ${employeeOfLevel} and ${hashedThenProbes}`),
};

export type EmployeeQuery = { search?: string; level?: LevelOfCompetition; sort: UserSort; order: 'asc' | 'desc'; limit: number; offset: number; bonusYear: number };

/** The page as the contract's UserList JSON: `{"rows":[...],"count":n}`. */
export const employeesPageJson = async (db: DbOrTx, query: EmployeeQuery): Promise<string> => {
  const terms = searchWordsOf(query.search ?? '');
  const { counts, perLevel } = await countSearchTerms(db, terms, query.level);
  const exact = async (first: string, probes: string[], shape: 'hash' | 'collect') => {
    const [[value]] = (await countsOfTerms[shape](db, { first, probes, level: query.level ?? null })) as [[number]];
    return value;
  };
  const plan = await planSearch({ terms, counts, limit: query.limit, offset: query.offset, countOf: exact, except: true });
  if (plan.kind === 'empty') return `{"rows":[],"count":${plan.count}}`;
  const rows = (plan.kind === 'except' ? await exceptPage(db, query, plan) : null) ?? (await page(db, query, plan.kind === 'except' ? plan.otherwise : plan, perLevel));
  return `{"rows":${rows},"count":${plan.count}}`;
};

const exceptPage = async (db: DbOrTx, query: EmployeeQuery, plan: ExceptPlan) => {
  const [[rows]] = (await exceptStatementFor(query.sort, query.order, plan.reverse, query.level !== undefined)(db, {
    level: query.level ?? null,
    term: plan.term,
    parent: plan.parent,
    cap: plan.cap,
    limit: plan.limit,
    offset: plan.offset,
    bonusYear: query.bonusYear,
    uploads: UPLOADS_PATH,
  })) as [[string | null]];
  return rows;
};

/** Level names in the order of the users_order_level_* indexes (plain capitalised words: C and locale order agree). */
const levelsAscending = [...levels].sort();

/**
 * Sorted by level (all levels), a walk that would step over whole levels starts at the level its
 * page is in instead: the walked term's employees per level are known (user_search_counts), so the
 * levels before the page are skipped by their counts (the walk of `first1` page 50 by level: 4,500
 * rows stepped -> 1,900). Only for walks of at most one term, whose matches per level are counted.
 */
const levelSkip = (query: EmployeeQuery, plan: PagePlan, perLevel: Map<string, Map<string, number>>) => {
  if (query.sort !== 'levelOfCompetition' || query.level !== undefined || plan.shape === 'collect') return null;
  const term = plan.shape === 'hash' ? (plan.probes.length === 0 ? plan.first : null) : plan.probes.length <= 1 ? (plan.probes[0] ?? '') : null;
  const byLevel = term === null ? undefined : perLevel.get(term);
  if (!byLevel) return null;
  const walksDown = (query.order === 'desc') !== plan.reverse;
  let skipped = 0;
  for (const level of walksDown ? [...levelsAscending].reverse() : levelsAscending) {
    const employees = byLevel.get(level) ?? 0;
    if (skipped + employees > plan.offset) return skipped === 0 ? null : { from: level, skipped, scope: walksDown ? ('levelsDown' as const) : ('levelsUp' as const) };
    skipped += employees;
  }
  return null;
};

const page = async (db: DbOrTx, query: EmployeeQuery, plan: PagePlan, perLevel: Map<string, Map<string, number>>) => {
  const skip = levelSkip(query, plan, perLevel);
  const scope = skip ? skip.scope : query.level !== undefined ? 'level' : 'all';
  const statement = statementFor(plan.shape, query.sort, query.order, plan.reverse, plan.probes.length > 0, scope);
  const [[rows]] = (await statement(db, {
    level: skip ? skip.from : (query.level ?? null),
    probes: plan.probes,
    first: plan.first ?? '',
    limit: plan.limit,
    offset: plan.offset - (skip?.skipped ?? 0),
    bonusYear: query.bonusYear,
    uploads: UPLOADS_PATH,
  })) as [[string]];
  return rows;
};
