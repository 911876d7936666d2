import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx, RowsAsArrays } from './handle';

const dialect = new PgDialect();

/** The driver connection under a drizzle transaction (drizzle keeps it as `session.client`). */
type TxClient =
  | { release: () => void; query: (config: { name: string; text: string; values: unknown[]; rowMode: 'array' }) => Promise<{ rows: unknown[][] }> }
  | { query: (text: string, values: unknown[], options: { rowMode: 'array' }) => Promise<{ rows: unknown[][] }> };

/**
 * A transaction's own array-row statements: named (parsed and planned once per connection) on
 * node-postgres; PGlite has one connection and no statement names.
 */
const rowsAsArraysOf = (db: DbOrTx): RowsAsArrays => {
  if ('rowsAsArrays' in db) return db.rowsAsArrays;
  const client = (db as unknown as { session: { client: TxClient } }).session.client;
  if ('release' in client) return async ({ name, text, values }) => (await client.query({ name, text, values, rowMode: 'array' })).rows;
  return async ({ text, values }) => (await client.query(text, values, { rowMode: 'array' })).rows;
};

/**
 * A statement (dashboard month, top leaders, feed, the writes' hot statements) as a named prepared
 * statement run straight on the driver in array row mode, on the database or inside a transaction.
 * drizzle's prepared-query path cost ~65 µs of CPU per call on node-postgres (per-query type-parser
 * setup and row mapping), and `tx.execute` sends unnamed statements that PostgreSQL parses and plans
 * on every call. The SQL is still written with drizzle's `sql` and placeholders, rendered once here.
 */
export const rawStatement = (name: string, statement: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return (db: DbOrTx, values: Record<string, unknown>): Promise<unknown[][]> => rowsAsArraysOf(db)({ name, text, values: fillPlaceholders(params, values) });
};
