import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/db/rows';
import { applyReplaceableSql } from '../../../server/db/functions';
import { testDatabase } from '../helpers/test-app';

/*
 * Replaceable SQL (server/db/functions/): applied after the migrations when a file's checksum differs
 * from the one the database recorded, skipped otherwise, and re-applying it changes nothing.
 */

const migrations = 'server/db/migrations';

const functionDefs = async () => {
  const database = await testDatabase();
  const rows = rowsOf<{ name: string; def: string }>(
    await database.db.execute(sql`select p.proname as name, pg_get_functiondef(p.oid) as def from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prolang <> (select oid from pg_language where lanname = 'c') order by 1`),
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.def]));
};

test('applied at start, skipped while unchanged, applied again when a checksum changes, to the same definitions', async () => {
  const database = await testDatabase();
  const before = await functionDefs();
  expect(Object.keys(before)).toEqual(expect.arrayContaining(['rescore_user_year', 'rebuild_scores', 'competition_level', 'insight_months_follow']));
  // A restart: nothing changed, nothing applied.
  expect(await applyReplaceableSql(database.executeSql, migrations)).toBe(false);
  // A changed file (its recorded checksum no longer matches): applied again, in one transaction.
  await database.db.execute(sql`update replaceable_sql_applied set checksum = 'stale' where file = 'scoring.sql'`);
  expect(await applyReplaceableSql(database.executeSql, migrations)).toBe(true);
  expect(await applyReplaceableSql(database.executeSql, migrations)).toBe(false);
  expect(await functionDefs()).toEqual(before);
});
