import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/db/rows';
import { derivedTables, sourceTables, triggers } from '../../../server/db/derived-state';
import { FUNCTION_FILES } from '../../../server/db/functions';
import { testDatabase } from '../helpers/test-app';

/*
 * The data layer as a maintainer sees it (docs/architecture.md#derived-state-and-its-keepers): a freshly migrated
 * database holds exactly the tables and triggers server/db/derived-state.ts lists, at most 8 derived
 * tables and 20 triggers, each derived table with an existing recomputation test.
 */

test('the database has exactly the listed tables and triggers, within the limits', async () => {
  const database = await testDatabase();
  const tables = rowsOf<{ name: string }>(await database.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`)).map((row) => row.name);
  expect(tables).toEqual([...sourceTables, ...derivedTables.map((derived) => derived.table)].sort());
  const found = rowsOf<{ name: string }>(await database.db.execute(sql`select tgname as name from pg_trigger where not tgisinternal order by 1`)).map((row) => row.name);
  expect(found).toEqual(Object.keys(triggers).sort());
  expect(derivedTables.length).toBeLessThanOrEqual(8);
  expect(found.length).toBeLessThanOrEqual(20);
});

test('every derived table names sources that exist and a recomputation test that exists', () => {
  for (const derived of derivedTables) {
    expect(existsSync(derived.recomputationTest), derived.recomputationTest).toBe(true);
    for (const source of derived.sources) expect([...sourceTables, ...derivedTables.map((other) => other.table)]).toContain(source);
  }
});

test('migrations from 0024 on never carry the body of a replaceable function', () => {
  const replaceable = FUNCTION_FILES.flatMap((file) => [...readFileSync(`server/db/functions/${file}`, 'utf8').matchAll(/CREATE OR REPLACE (?:FUNCTION|VIEW) "([a-z_]+)"/g)].map((match) => match[1]!));
  expect(replaceable).toEqual(expect.arrayContaining(['rescore_user_year', 'rebuild_scores', 'scored_days', 'insight_months_follow']));
  const later = readdirSync('server/db/migrations').filter((file) => /^\d{4}_.*\.sql$/.test(file) && Number(file.slice(0, 4)) >= 24);
  expect(later.length).toBeGreaterThan(0);
  for (const file of later) {
    const text = readFileSync(`server/db/migrations/${file}`, 'utf8');
    for (const name of replaceable) expect(text, `${file} repeats ${name}`).not.toMatch(new RegExp(`CREATE (OR REPLACE )?(FUNCTION|VIEW) "?${name}"?`, 'i'));
  }
});
