import { sql, type SQL } from 'drizzle-orm';

/**
 * The admin searches (docs/product-rules.md#admin-search): every term must start a word of the
 * employee's names or e-mail, case and accents ignored. users.search_text holds those words folded by
 * PostgreSQL (unaccent, migration 0024), each preceded by a space, with a pg_trgm index; terms
 * arrive folded the same way (searchWordsOf: letters and digits only, so no LIKE wildcard), and a
 * term starts a word where a space precedes it.
 */
export const wordStartPattern = (term: string) => `% ${term}%`;

/** `column` matches every term (one LIKE each, so the trigram index can narrow by each). */
export const matchesEveryTerm = (column: SQL, terms: readonly string[]): SQL =>
  terms.length === 0 ? sql`true` : sql.join(terms.map((term) => sql`${column} like ${wordStartPattern(term)}`), sql` and `);
