import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { rowsOf } from './rows';

/**
 * The admin searches (docs/product-rules.md#admin-search): every term must start a word of the
 * employee's names or e-mail, case and accents ignored. users.search_text holds those words folded by
 * PostgreSQL (unaccent, migration 0024), each preceded by a space, with a pg_trgm index; terms
 * are folded by the same SQL function (foldedSearchTerms: letters and digits only, so no LIKE
 * wildcard), and a term starts a word where a space precedes it.
 */
export const wordStartPattern = (term: string) => `% ${term}%`;

/** `column` matches every term (one LIKE each, so the trigram index can narrow by each). */
export const matchesEveryTerm = (column: SQL, terms: readonly string[]): SQL =>
  terms.length === 0 ? sql`true` : sql.join(terms.map((term) => sql`${column} like ${wordStartPattern(term)}`), sql` and `);

/**
 * The same, with the terms written into the statement instead of passed as parameters: the server's
 * PostgreSQL connections plan every statement generically (plan_cache_mode, db/client.ts), and a
 * generic plan cannot tell a term everyone matches (walk the page's order index, test each row) from
 * a rare one (the trigram index): it read all 100,000 matches of `bench` through the trigram index
 * and sorted them for a page of 20 (116 ms against 0.5 ms). Folded terms are letters and digits only
 * (foldedSearchTerms), so they need no quoting; anything else is refused.
 */
export const matchesEveryTermWritten = (column: SQL, terms: readonly string[]): SQL => {
  if (!terms.every((term) => /^[a-z0-9]+$/.test(term))) throw new Error('a folded search term holds only a-z and 0-9');
  return terms.length === 0 ? sql`true` : sql.join(terms.map((term) => sql`${column} like ${sql.raw(`'${wordStartPattern(term)}'`)}`), sql` and `);
};

/** At most this many terms count: a longer search is no more precise. */
const MAX_TERMS = 10;

/**
 * The search's terms folded by PostgreSQL exactly as users.search_text is (search_text_of: unaccent,
 * lower case, split at anything but a-z and 0-9), so 'Ștefan' or 'Ħasan' finds what was stored. One
 * folding for both sides of the comparison: a copy in TypeScript would drift from unaccent's table.
 */
export const foldedSearchTerms = async (db: DbOrTx, search: string | undefined): Promise<string[]> => {
  if (!search?.trim()) return [];
  const [row] = rowsOf<{ folded: string }>(await db.execute(sql`select search_text_of(${search}, '', '') as folded`));
  return termsOfFolded(row?.folded ?? '');
};

/** The terms of a search folded by search_text_of (a statement of its own may fold it): distinct, at most MAX_TERMS. */
export const termsOfFolded = (folded: string): string[] => [...new Set(folded.split(' ').filter(Boolean))].slice(0, MAX_TERMS);
