import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import type { Db } from '../../server/db/handle';
import { pgliteDb } from '../../server/db/pglite-db';
import { ensureMockDatabases } from '../../scripts/mock-db/cache';
import type { MockDatabaseName } from '../../scripts/mock-db/build';
import { mockPgliteOptions } from './pglite-mock-options';

export type NodeMockDb = {
  db: Db;
  pglite: PGlite;
  /** Back to the dump's rows and sequences (every table of the app's schema), in one transaction. */
  reset: () => Promise<void>;
  close: () => Promise<void>;
};

/** Where the seeded rows wait for the next reset, beside the app's tables. */
const SNAPSHOT_SCHEMA = 'mock_seed';

type TableInfo = { name: string; columns: string[]; rows: number; sequences: { name: string; value: string; called: boolean }[] };

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The app's tables (schema public) with their writable columns (generated ones are computed again on insert) and the sequences they own. */
const tablesOf = async (pglite: PGlite) =>
  (
    await pglite.query<{ name: string; columns: string[]; sequences: string[] }>(`
      select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns,
        array(select s.relname::text from pg_depend d join pg_class s on s.oid = d.objid and s.relkind = 'S'
              where d.refobjid = c.oid and d.deptype in ('a', 'i') order by 1) as sequences
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      group by c.oid, c.relname order by c.relname`)
  ).rows;

/**
 * The snapshot: a copy of every table's rows, and a statement trigger on each table that notes it
 * was written (`mock_seed.dirty`), so a reset touches only those (a test writes a handful).
 */
const snapshotScript = (tables: readonly { name: string }[]) =>
  [
    `create schema ${SNAPSHOT_SCHEMA};`,
    `create table ${SNAPSHOT_SCHEMA}.dirty (name text primary key);`,
    `create function ${SNAPSHOT_SCHEMA}.touched() returns trigger language plpgsql as $$
       begin insert into ${SNAPSHOT_SCHEMA}.dirty values (tg_table_name) on conflict do nothing; return null; end $$;`,
    ...tables.flatMap((table) => [
      `create table ${SNAPSHOT_SCHEMA}.${quoteIdent(table.name)} as select * from public.${quoteIdent(table.name)};`,
      `create trigger mock_seed_touched after insert or update or delete or truncate on public.${quoteIdent(table.name)} for each statement execute function ${SNAPSHOT_SCHEMA}.touched();`,
    ]),
  ].join('\n');

/**
 * One table back to its seeded rows and sequences. Run with triggers off: the copied derived
 * tables are already right, the audit trail must not log a reset, nor the reset mark tables dirty.
 * DELETE, not TRUNCATE: TRUNCATE makes new files for the table and each index (about 25 ms a table
 * in PGlite); deleting a test's few rows costs next to nothing.
 */
const restoreScript = (table: TableInfo) => {
  const columns = table.columns.map(quoteIdent).join(', ');
  return [
    `delete from public.${quoteIdent(table.name)};`,
    ...(table.rows > 0 ? [`insert into public.${quoteIdent(table.name)} (${columns}) overriding system value select ${columns} from ${SNAPSHOT_SCHEMA}.${quoteIdent(table.name)};`] : []),
    ...table.sequences.map((sequence) => `select setval('public.${quoteIdent(sequence.name)}', ${sequence.value}, ${sequence.called});`),
  ].join('\n');
};

/**
 * Mock mode's database for vitest (client tests, the contract suite): PGlite in memory from the same
 * dump as the browser's (`fixtures`: the fixture users only, the default; `demo`: with QA's demo
 * activity), and a reset back to it that is fast enough to run before every test.
 */
export const openNodeMockDb = async (options: { dump?: MockDatabaseName } = {}): Promise<NodeMockDb> => {
  const files = await ensureMockDatabases();
  const tarball = new Blob([gunzipSync(readFileSync(files[options.dump ?? 'fixtures']))], { type: 'application/x-tar' });
  const pglite = await PGlite.create({ ...mockPgliteOptions(), loadDataDir: tarball });
  const found = await tablesOf(pglite);
  await pglite.exec(snapshotScript(found));
  const restores = new Map<string, string>();
  for (const table of found) {
    const { rows } = await pglite.query<{ count: number }>(`select count(*)::int as count from ${SNAPSHOT_SCHEMA}.${quoteIdent(table.name)}`);
    const sequences: TableInfo['sequences'] = [];
    for (const name of table.sequences) {
      const [state] = (await pglite.query<{ value: string; called: boolean }>(`select last_value::text as value, is_called as called from public.${quoteIdent(name)}`)).rows;
      sequences.push({ name, ...state! });
    }
    restores.set(table.name, restoreScript({ ...table, rows: rows[0]!.count, sequences }));
  }
  return {
    db: pgliteDb(pglite),
    pglite,
    reset: async () => {
      await pglite.transaction(async (tx) => {
        const dirty = (await tx.query<{ name: string }>(`delete from ${SNAPSHOT_SCHEMA}.dirty returning name`)).rows;
        if (!dirty.length) return;
        await tx.exec(['set local session_replication_role = replica;', ...dirty.map((table) => restores.get(table.name) ?? '')].join('\n'));
      });
    },
    close: () => pglite.close(),
  };
};
