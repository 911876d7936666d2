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
  'search_term_counts',
  sql`select c.prefix, sum(c.employees)::int from user_search_counts c
       where c.prefix = any(${sql.placeholder('prefixes')}::text[]) and (${sql.placeholder('level')}::text is null or c.level_of_competition = ${sql.placeholder('level')}::text)
       group by c.prefix`,
);

/** Employees (of the level, or all) per term, and per '' (all of them): primary-key reads of user_search_counts. */
export const countSearchTerms = async (db: DbOrTx, terms: string[], level: LevelOfCompetition | undefined): Promise<Map<string, number>> => {
  const rows = (await termCounts(db, { prefixes: ['', ...terms], level: level ?? null })) as Array<[string, number]>;
  const counts = new Map<string, number>(['', ...terms].map((term) => [term, 0]));
  for (const [prefix, employees] of rows) counts.set(prefix, employees);
  return counts;
};

/** walk: the order index, every term probed per row; hash: the order index, the rarest term's matches in a hash table; collect: the rarest term's matches, sorted. */
export type SearchShape = 'walk' | 'hash' | 'collect';

export type SearchPlan =
  | { kind: 'empty'; count: number }
  | { kind: 'page'; count: number; shape: SearchShape; reverse: boolean; first: string | null; probes: string[]; limit: number; offset: number };

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
};
export const planSearch = async ({ terms, counts, scope, limit, offset, countOf }: PlanInput): Promise<SearchPlan> => {
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
  const page = reverse && walks ? { limit: Math.min(limit, count - offset), offset: Math.max(0, count - offset - limit) } : { limit, offset };
  return {
    kind: 'page',
    count,
    shape,
    reverse: reverse && walks,
    first: shape === 'walk' ? null : rarest!,
    probes: shape === 'walk' ? narrowing : others,
    ...page,
  };
};
