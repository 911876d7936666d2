-- Migrations 0006 and 0008 were edited after release: databases migrated before that edit still
-- have leaders_top_clear() and score_year_counts_clear() behind their truncate triggers, newer ones
-- derived_table_clear(). This brings both to the same end state (safe to run on either).
CREATE OR REPLACE FUNCTION "derived_table_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DELETE FROM %I', TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_years_leaders_top_truncate" ON "score_years";--> statement-breakpoint
CREATE TRIGGER "score_years_leaders_top_truncate" AFTER TRUNCATE ON "score_years" FOR EACH STATEMENT EXECUTE FUNCTION derived_table_clear('leaders_top');--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_years_counts_truncate" ON "score_years";--> statement-breakpoint
CREATE TRIGGER "score_years_counts_truncate" AFTER TRUNCATE ON "score_years" FOR EACH STATEMENT EXECUTE FUNCTION derived_table_clear('score_year_counts');--> statement-breakpoint
DROP FUNCTION IF EXISTS "leaders_top_clear"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "score_year_counts_clear"();
