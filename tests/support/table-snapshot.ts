import type { Database } from '../../server/db/client';

const SNAPSHOT_SCHEMA = 'test_snapshot';
/** Which replaceable SQL the database holds is not data: it stays. */
const KEPT_TABLES = new Set(['replaceable_sql_applied']);

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const rowsOf = async <Row>(database: Database, text: string) => (await database.executeSql(text)).rows as Row[];

/**
 * Copies every public table's rows (and the sequences' positions) into a schema of its own, and
 * returns what puts them back: one batch of deletes and inserts, far cheaper on PGlite than
 * truncating ~50 tables (each gets new files) and seeding again. Triggers and foreign keys are off
 * while the rows go back (session_replication_role = replica): the copy already holds what they wrote.
 * Jobs (pg-boss's tables) are emptied, the queue's own definitions kept.
 */
export const takeTableSnapshot = async (database: Database) => {
  const tables = await rowsOf<{ name: string; columns: string }>(
    database,
    `select c.table_name as name, string_agg(quote_ident(c.column_name), ', ' order by c.ordinal_position) as columns
     from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
     group by c.table_name`,
  );
  const copied = tables.filter((table) => !KEPT_TABLES.has(table.name));
  await database.executeSql(
    [
      `drop schema if exists ${SNAPSHOT_SCHEMA} cascade`,
      `create schema ${SNAPSHOT_SCHEMA}`,
      ...copied.map(({ name, columns }) => `create table ${SNAPSHOT_SCHEMA}.${ident(name)} as select ${columns} from public.${ident(name)}`),
    ].join(';\n'),
  );
  const counts = await rowsOf<{ name: string; count: number }>(
    database,
    copied.map(({ name }) => `select ${literal(name)} as name, count(*)::int as count from ${SNAPSHOT_SCHEMA}.${ident(name)}`).join(' union all '),
  );
  const filled = new Set(counts.filter((row) => row.count > 0).map((row) => row.name));
  const sequences = await rowsOf<{ name: string; last: string | null }>(
    database,
    `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text as last from pg_sequences where schemaname = 'public'`,
  );
  const hasJobs = (await rowsOf(database, `select 1 from pg_tables where schemaname = 'pgboss' and tablename = 'job'`)).length > 0;
  const restore = [
    'begin',
    'set local session_replication_role = replica',
    ...copied.map(({ name }) => `delete from public.${ident(name)}`),
    ...copied
      .filter(({ name }) => filled.has(name))
      .map(({ name, columns }) => `insert into public.${ident(name)} (${columns}) overriding system value select ${columns} from ${SNAPSHOT_SCHEMA}.${ident(name)}`),
    ...sequences.map(({ name, last }) => (last === null ? `select setval(${literal(name)}, 1, false)` : `select setval(${literal(name)}, ${last}, true)`)),
    ...(hasJobs ? ['delete from pgboss.job', 'delete from pgboss.archive'] : []),
    'commit',
  ].join(';\n');
  return { restore: async () => void (await database.executeSql(restore)) };
};
