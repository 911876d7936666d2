import { readFileSync } from 'node:fs';

type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Whether the database already holds every migration of the journal, in one query. drizzle's
 * migrator takes three statements (two of them DDL) to find that out, which on a starting PGlite,
 * whose WebAssembly is not yet optimised, cost ~0.1 s on every start. It applies a migration when
 * the newest recorded one is older than the migration's journal time: the same test here.
 */
export const hasEveryMigration = async (executeSql: ExecuteSql, migrationsFolder: string) => {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  const recorded = await executeSql('select max(created_at) as last from drizzle.__drizzle_migrations where $1::int = 1', [1]).then(
    ({ rows }) => Number((rows[0] as { last: unknown } | undefined)?.last ?? 0),
    () => 0, // no migrations table yet: a new database
  );
  return recorded >= newest;
};
