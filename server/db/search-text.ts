import { sql, type SQL } from 'drizzle-orm';

/**
 * The admin searches (docs/product-rules.md#admin-search): every term must start a word of the
 * employee's names or e-mail, case and accents ignored. users.search_text holds those folded by
 * PostgreSQL (unaccent, migration 0024) with a pg_trgm index; terms arrive folded the same way
 * (searchWordsOf: letters and digits only), so a term is a word start when what precedes it is the
 * text's start or neither a letter nor a digit.
 */
export const wordStartPattern = (term: string) => `(^|[^a-z0-9])${term}`;

/** `column` matches every term (one regular expression each, so the trigram index can narrow by each). */
export const matchesEveryTerm = (column: SQL, terms: readonly string[]): SQL =>
  terms.length === 0 ? sql`true` : sql.join(terms.map((term) => sql`${column} ~ ${wordStartPattern(term)}`), sql` and `);
