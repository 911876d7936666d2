import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { SERVER_APPLICATION_NAME } from './application-name';
import { applyReplaceableSql } from './functions';
import { hasEveryMigration } from './migrations-current';
import { pgliteOptions } from './pglite-options';
import { pgliteDb } from './pglite-db';
import type { Db, RowsAsArrays } from './handle';
import * as schema from './schema';

export type { Db, DbOrTx, Schema } from './handle';

/** drizzle's handle with the driver's array-row statements attached (see handle.ts). */
const withRowsAsArrays = (drizzleDb: object, rowsAsArrays: RowsAsArrays): Db => Object.assign(drizzleDb, { rowsAsArrays }) as unknown as Db;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  /** Cheap round trip for /api/ready. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** Raw SQL for the job engine (pg-boss's `db` interface); without values the text may hold several statements. */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  /** PostgreSQL's connection pool right now (metrics); PGlite has one in-process connection and no pool. */
  poolUsage?: () => { total: number; idle: number; waiting: number };
  /** PGlite only: the whole cluster as a tarball (the template `openPglite` can start from). */
  dump?: () => Promise<Blob>;
};

// A path from the module's own, not `new URL(…, import.meta.url)` (see functions.ts).
const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PGlite in a folder, or in memory when `dataDir` is undefined (tests). `template`: a cluster
 * dumped by `dumpDataDir` to start from (tests load a migrated one instead of migrating each time).
 */
export const openPglite = async (dataDir?: string, template?: Blob): Promise<Database> => {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { ...pgliteOptions(), ...(template && { loadDataDir: template }) });
  const db = pgliteDb(client);
  const executeSql: Database['executeSql'] = async (text, values) => {
    if (values?.length) return client.query(text, values);
    // Several statements, some with their own BEGIN/COMMIT: run inside one transaction, so a failure
    // rolls back instead of leaving PGlite's only connection in an aborted transaction.
    const results = await client.transaction((tx) => tx.exec(text));
    return results.at(-1) ?? { rows: [] };
  };
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      if (!(await hasEveryMigration(executeSql, migrationsFolder))) {
        const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
        await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
      }
      await applyReplaceableSql(executeSql, migrationsFolder);
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    executeSql,
    dump: async () => client.dumpDataDir('none'),
  };
};

/** `applicationName`: how the connections show in pg_stat_activity (application-name.ts). */
export const openPostgres = async (url: string, poolSize = 10, applicationName = SERVER_APPLICATION_NAME): Promise<Database> => {
  // pg and its drizzle driver load only here: a server on PGlite never needs them (~0.1 s of its start).
  const [{ default: pgModule }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  // JIT compiles for 20-30 ms on queries that run in 2: never worth it for this workload.
  // Generic plans: the hot reads are prepared statements whose LIMIT/OFFSET are parameters, and
  // PostgreSQL's default (plan_cache_mode=auto) keeps re-planning them per call because a generic
  // LIMIT looks costly; every such plan here is an index range either way (feed page: 0.45 -> 0.14 ms).
  // `min: 1`: an idle server keeps one connection, so a restore still sees it is running.
  const pool = new pgModule.Pool({ connectionString: url, max: poolSize, min: 1, application_name: applicationName, options: '-c jit=off -c plan_cache_mode=force_generic_plan' });
  const db = withRowsAsArrays(drizzlePg(pool, { schema }), async ({ name, text, values }) => (await pool.query<unknown[]>({ name, text, values, rowMode: 'array' })).rows);
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      if (!(await hasEveryMigration((text, values) => pool.query(text, values), migrationsFolder))) {
        const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
        await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
      }
      await applyReplaceableSql((text, values) => pool.query(text, values), migrationsFolder);
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
    poolUsage: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    executeSql: (text, values) => pool.query(text, values),
  };
};

export const openDatabase = (options: { databaseUrl?: string; dataDir?: string }) =>
  options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
