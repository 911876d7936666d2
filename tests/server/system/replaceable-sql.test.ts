import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/db/rows';
import { replaceableSql } from '../../../server/db/functions';
import { testDatabase } from '../helpers/test-app';

/*
 * Trigger functions live in re-appliable files applied after the migrations on every
 * start; applying them again changes nothing, and a database migrated before 0006/0008 were edited
 * (old truncate functions) ends up exactly like a fresh one after migration 0010.
 */

const functionDefs = async () => {
  const database = await testDatabase();
  const rows = rowsOf<{ name: string; def: string }>(
    await database.db.execute(sql`select p.proname as name, pg_get_functiondef(p.oid) as def from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by 1`),
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.def]));
};

const truncateTriggers = async () => {
  const database = await testDatabase();
  return rowsOf<{ name: string; def: string }>(
    await database.db.execute(sql`select tgname as name, pg_get_triggerdef(t.oid) as def from pg_trigger t where not tgisinternal and tgname like '%truncate%' order by 1`),
  );
};

const runScript = async (script: string) => {
  const database = await testDatabase();
  for (const statement of script.split('--> statement-breakpoint')) if (statement.trim()) await database.db.execute(sql.raw(statement));
};

test('the replaceable functions are applied at start and re-applying them changes nothing', async () => {
  const before = await functionDefs();
  expect(Object.keys(before)).toEqual(expect.arrayContaining(['month_views_refresh', 'leaders_top_refresh', 'feed_entries_follow_activities', 'derived_table_clear', 'competition_level']));
  const database = await testDatabase();
  // A restart: migrations are done, the replaceable files are applied again (twice here).
  await database.migrate();
  await database.migrate();
  expect(await functionDefs()).toEqual(before);
  expect(replaceableSql()).toContain('CREATE OR REPLACE FUNCTION "derived_table_clear"');
});

test('a database with the truncate functions from before the 0006/0008 edit converges on the fresh one', async () => {
  const fresh = await truncateTriggers();
  const freshFunctions = await functionDefs();
  // The state such a database is in: its own clear functions behind the truncate triggers.
  await runScript(`
    CREATE FUNCTION "leaders_top_clear"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DELETE FROM leaders_top; RETURN NULL; END $$;--> statement-breakpoint
    CREATE FUNCTION "score_year_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DELETE FROM score_year_counts; RETURN NULL; END $$;--> statement-breakpoint
    DROP TRIGGER "score_years_leaders_top_truncate" ON "score_years";--> statement-breakpoint
    CREATE TRIGGER "score_years_leaders_top_truncate" AFTER TRUNCATE ON "score_years" FOR EACH STATEMENT EXECUTE FUNCTION leaders_top_clear();--> statement-breakpoint
    DROP TRIGGER "score_years_counts_truncate" ON "score_years";--> statement-breakpoint
    CREATE TRIGGER "score_years_counts_truncate" AFTER TRUNCATE ON "score_years" FOR EACH STATEMENT EXECUTE FUNCTION score_year_counts_clear()`);
  expect(await truncateTriggers()).not.toEqual(fresh);
  await runScript(readFileSync(join(process.cwd(), 'server/db/migrations/0010_truncate_triggers_converge.sql'), 'utf8'));
  expect(await truncateTriggers()).toEqual(fresh);
  expect(await functionDefs()).toEqual(freshFunctions);
});
