import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './handle';

const dialect = new PgDialect();

/**
 * A read statement (dashboard month, top leaders, admin list, feed) as a named prepared statement
 * run straight on the driver in array row mode. drizzle's prepared-query path cost ~65 µs of CPU per
 * call on node-postgres (per-query type-parser setup and row mapping): a third of a whole dashboard
 * request. The SQL is still written with drizzle's `sql` and placeholders, rendered once here.
 */
export const rawStatement = (name: string, statement: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return (db: DbOrTx, values: Record<string, unknown>): Promise<unknown[][]> => {
    if (!('rowsAsArrays' in db)) throw new Error(`${name}: run these reads on the database handle, not inside a transaction`);
    return db.rowsAsArrays({ name, text, values: fillPlaceholders(params, values) });
  };
};
