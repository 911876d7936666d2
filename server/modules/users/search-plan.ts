import { sql } from 'drizzle-orm';
import type { LevelOfCompetition } from '@/contract/common';
import type { DbOrTx } from '../../db/client';
import { rawStatement } from '../../db/raw-statement';

/**
 * How an admin search (users table, leaders list) reads its page, from exact counts: which terms
 * still narrow, the exact number of matches, and whether to walk the list's order index probing
 * each row, to walk it testing a hash table of the rarest term's matches, or to collect those
 * matches and sort them: whichever reads least by the measured costs below (shapes: employee-page.ts).
 */

const termCounts = rawStatement(
  'search_term_counts_by_level',
  sql`select c.prefix, c.level_of_competition, c.employees from user_search_counts c
       where c.prefix = any(${sql.placeholder('prefixes')}::text[]) and (${sql.placeholder('level')}::text is null or c.level_of_competition = ${sql.placeholder('level')}::text)`,
);

/** The shorter starts of a lone term ('last0' -> l, la, las, last): whether one of them every employee matches (planSearch's 'except'). */
const startsOfLoneTerm = (terms: string[]) => (terms.length === 1 ? Array.from({ length: terms[0]!.length - 1 }, (_, index) => terms[0]!.slice(0, index + 1)) : []);

export type TermCounts = {
  /** Employees (of the level, or all) per term and per '' (all of them), and per start of a lone term. */
  counts: Map<string, number>;
  /** The same per level of competition (a term's employees of each level). */
  perLevel: Map<string, Map<string, number>>;
};

/** Employees per term, in all and per level: primary-key reads of user_search_counts. */
export const countSearchTerms = async (db: DbOrTx, terms: string[], level: LevelOfCompetition | undefined): Promise<TermCounts> => {
  const prefixes = [...new Set(['', ...terms, ...startsOfLoneTerm(terms)])];
  const rows = (await termCounts(db, { prefixes, level: level ?? null })) as Array<[string, string, number]>;
  const counts = new Map<string, number>(prefixes.map((term) => [term, 0]));
  const perLevel = new Map<string, Map<string, number>>(prefixes.map((term) => [term, new Map()]));
  for (const [prefix, levelOfCompetition, employees] of rows) {
    counts.set(prefix, counts.get(prefix)! + employees);
    perLevel.get(prefix)!.set(levelOfCompetition, employees);
  }
  return { counts, perLevel };
};

/** walk: the order index, every term probed per row; hash: the order index, the rarest term's matches in a hash table; collect: the rarest term's matches, sorted. */
export type SearchShape = 'walk' | 'hash' | 'collect';

export type PagePlan = { kind: 'page'; count: number; shape: SearchShape; reverse: boolean; first: string | null; probes: string[]; limit: number; offset: number };

/**
 * A lone term that all but a few employees match (`last0`: 9,999 of 10,000), on a deep page: the
 * few that do not match are found through a shorter start of the term that every employee matches
 * (`last`): each has a word in that start's range outside the term's range (`last1...`), at most
 * `cap` entries are read there, and the walk of the order index skips them. Reading more than `cap`
 * entries (many employees have both kinds of words) answers nothing and `otherwise` is read instead.
 */
export type ExceptPlan = { kind: 'except'; count: number; term: string; parent: string; cap: number; reverse: boolean; limit: number; offset: number; otherwise: PagePlan };

export type SearchPlan = { kind: 'empty'; count: number } | PagePlan | ExceptPlan;

export type PlanInput = {
  terms: string[];
  /** Employees per term and per '' (all of them), from countSearchTerms. */
  counts: Map<string, number>;
  /**
   * The list's own scope when it is not the counts' (the leaders list of one level in a year, whose
   * levels are the year's): its size, and the counts then only say which terms match everyone.
   */
  scope?: { everyone: number };
  limit: number;
  offset: number;
  /**
   * Exact matches in scope of the rarest term with the others probed (asked when the counts cannot
   * say): collected by primary key, or by a pass over the scope testing a hash table of them.
   */
  countOf: (first: string, probes: string[], shape: 'hash' | 'collect') => Promise<number>;
  /** Whether the caller can read an ExceptPlan (the users table; counts must hold the lone term's starts). */
  except?: boolean;
};

// µs per row, measured (EXPLAIN ANALYZE, PostgreSQL 15, 10,000 employees, least of 15 runs).
const COST = {
  /** A row of the order index stepped over (index-only). */
  step: 0.06,
  /** A probe of user_search_words for one term and one row (0.9 alone, 1.5-2 through the statements' unnest of terms). */
  probe: 1.5,
  /** A match of a term put in the hash table of a hashed walk. */
  hash: 0.24,
  /** A collected match: primary-key probe of the row, then the sort. */
  collect: 1.4,
  /** Setting up the except shape's extra read (its range scans and the array it builds). */
  except: 20,
};

/** Candidates an except plan may read per employee that does not match, and at least. */
const EXCEPT_CAP = { perMiss: 4, least: 64 };
export const planSearch = async ({ terms, counts, scope, limit, offset, countOf, except = false }: PlanInput): Promise<SearchPlan> => {
  const all = counts.get('') ?? 0;
  const everyone = scope ? scope.everyone : all;
  // A term that starts a word of every employee narrows nothing; a term that is the start of
  // another term is implied by it ('mar maria': a word starting with 'maria' starts with 'mar').
  const narrowing = [...new Set(terms)]
    .filter((term) => (counts.get(term) ?? 0) < all)
    .filter((term, _, all) => !all.some((other) => other !== term && other.startsWith(term)))
    .sort((a, b) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0));
  const [rarest, ...others] = narrowing;
  const rarestCount = rarest === undefined ? everyone : (counts.get(rarest) ?? 0);
  if (rarestCount === 0) return { kind: 'empty', count: 0 };
  const countShape = rarestCount * COST.hash + everyone * COST.step < rarestCount * COST.collect ? 'hash' : 'collect';
  const count = rarest === undefined ? everyone : others.length === 0 && !scope ? rarestCount : await countOf(rarest, others, countShape);
  if (offset >= count) return { kind: 'empty', count };

  // A walk stops after the page, from whichever end is nearer. Matches may sit together in the
  // order ('smith' by last name), so it is costed as if every row that does not match came first.
  // It probes every term per row (walk), or holds the rarest term's matches in a hash table and
  // probes the others only for the rows in it (hash); collecting reads the rarest term's matches
  // whatever the page.
  const reverse = count - offset < offset + limit;
  const walked = reverse ? count - offset : offset + limit;
  const stepped = walked + (everyone - count);
  const costs = {
    walk: stepped * (COST.step + COST.probe * narrowing.length),
    hash: rarestCount * COST.hash + stepped * COST.step + walked * (rarestCount / count) * COST.probe * others.length,
    collect: rarestCount * (COST.collect + COST.probe * others.length),
  };
  const shape = rarest === undefined ? 'walk' : (['walk', 'hash', 'collect'] as const).reduce((best, next) => (costs[next] < costs[best] ? next : best));
  const walks = shape !== 'collect';
  const fromEnd = { limit: Math.min(limit, count - offset), offset: Math.max(0, count - offset - limit) };
  const page = reverse && walks ? fromEnd : { limit, offset };
  const pagePlan: PagePlan = {
    kind: 'page',
    count,
    shape,
    reverse: reverse && walks,
    first: shape === 'walk' ? null : rarest!,
    probes: shape === 'walk' ? narrowing : others,
    ...page,
  };
  // The except shape: a lone narrowing term, the longest shorter start of it that everyone matches.
  const parent = except && !scope && narrowing.length === 1 && terms.length === 1 ? startsOfLoneTerm(terms).reverse().find((start) => counts.get(start) === all) : undefined;
  if (parent === undefined) return pagePlan;
  const misses = all - count;
  const cap = Math.max(EXCEPT_CAP.least, misses * EXCEPT_CAP.perMiss);
  const exceptCost = COST.except + misses * (COST.step + COST.probe) + stepped * COST.step;
  if (exceptCost >= costs[shape]) return pagePlan;
  return { kind: 'except', count, term: rarest!, parent, cap, reverse, ...(reverse ? fromEnd : { limit, offset }), otherwise: pagePlan };
};
