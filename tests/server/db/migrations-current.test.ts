import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openPglite, type Database } from '../../../server/db/client';
import { hasEveryMigration } from '../../../server/db/migrations-current';

/* The start's one-query check of whether drizzle's migrator has anything to do. */

const migrationsFolder = fileURLToPath(new URL('../../../server/db/migrations', import.meta.url));
const journalEntries = (JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: unknown[] }).entries.length;
let database: Database;

beforeAll(async () => {
  database = await openPglite();
});
afterAll(() => database.close());

test('a new database lacks migrations; once migrated it has every one; without the newest record it lacks one again', async () => {
  expect(await hasEveryMigration(database.executeSql, migrationsFolder)).toBe(false);

  await database.migrate();
  expect(await hasEveryMigration(database.executeSql, migrationsFolder)).toBe(true);
  await database.migrate(); // nothing left to apply: a second run changes nothing
  const { rows } = await database.executeSql('select count(*)::int as count from drizzle.__drizzle_migrations where $1::int = 1', [1]);
  expect(rows).toEqual([{ count: journalEntries }]);

  await database.executeSql('delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) and $1::int = 1', [1]);
  expect(await hasEveryMigration(database.executeSql, migrationsFolder)).toBe(false);
}, 60_000);
