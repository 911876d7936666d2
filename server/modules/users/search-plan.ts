import { sql } from 'drizzle-orm';
import type { LevelOfCompetition } from '@/contract/common';
import type { DbOrTx } from '../../db/client';
import { rawStatement } from '../../db/raw-statement';

/**
 * How an admin search (users table, leaders list) reads its page, from exact counts: which terms
 * still narrow, the exact number of matches, and whether to walk the list's order index probing
 * each row or to collect the rarest term's matches and sort them. The shapes and their costs are
 * in employee-page.ts; the measured costs (PostgreSQL 15, 10,000 employees): a walked row with a
 * probe ~0.8 µs, a collected match ~1.3 µs (primary-key probe and sort), a plain walked row ~0.06 µs.
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

export type SearchPlan =
  | { kind: 'empty'; count: number }
  | { kind: 'page'; count: number; shape: 'walk' | 'collect'; reverse: boolean; first: string | null; probes: string[]; limit: number; offset: number };

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
  /** Exact matches in scope of the rarest term with the others probed (asked when the counts cannot say). */
  countOf: (first: string, probes: string[]) => Promise<number>;
};

const WALK_ROW_COST = 0.8;
const COLLECT_ROW_COST = 1.3;

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
  const count = rarest === undefined ? everyone : others.length === 0 && !scope ? rarestCount : await countOf(rarest, others);
  if (offset >= count) return { kind: 'empty', count };

  // A walk stops after the page, from whichever end is nearer: it steps over `walked` matches and
  // everyone / count rows per match; collecting reads the rarest term's matches whatever the page.
  const reverse = count - offset < offset + limit;
  const walked = reverse ? count - offset : offset + limit;
  const walkCost = rarest === undefined ? 0 : walked * (everyone / count) * WALK_ROW_COST * narrowing.length;
  // (with a scope, rarestCount counts all levels: an upper bound of what collecting reads)
  const collectCost = rarestCount * COLLECT_ROW_COST * (1 + others.length * WALK_ROW_COST);
  const shape = walkCost <= collectCost ? 'walk' : 'collect';
  const page = reverse && shape === 'walk' ? { limit: Math.min(limit, count - offset), offset: Math.max(0, count - offset - limit) } : { limit, offset };
  return {
    kind: 'page',
    count,
    shape,
    reverse: reverse && shape === 'walk',
    first: shape === 'collect' ? rarest! : null,
    probes: shape === 'collect' ? others : narrowing,
    ...page,
  };
};
