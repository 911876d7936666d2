import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Schema = typeof schema;

/** Runs a named statement with parameters on the driver itself; rows come back as arrays. */
export type RowsAsArrays = (query: { name: string; text: string; values: unknown[] }) => Promise<unknown[][]>;

/**
 * The database handle: drizzle for both drivers (services never know which database they talk to),
 * plus the driver's array-row statements the hot reads use (db/raw-statement.ts). A transaction
 * handle has no `rowsAsArrays`: raw-statement.ts runs its statements on the transaction's own connection.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema> & { readonly rowsAsArrays: RowsAsArrays };
/** A transaction handle or the database itself. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
