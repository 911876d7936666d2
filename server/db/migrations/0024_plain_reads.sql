-- Derived state cut to what docs/load-model.md needs: score_months, score_years and insight_months
-- stay; every other read model goes, with the triggers and functions that kept it. The reads they
-- served are plain indexed queries now. Replaceable functions live only in server/db/functions/.
DROP TRIGGER IF EXISTS "activities_feed_delete" ON "activities";--> statement-breakpoint
DROP TRIGGER IF EXISTS "activities_feed_insert" ON "activities";--> statement-breakpoint
DROP TRIGGER IF EXISTS "activities_feed_truncate" ON "activities";--> statement-breakpoint
DROP TRIGGER IF EXISTS "activities_feed_update" ON "activities";--> statement-breakpoint
DROP TRIGGER IF EXISTS "activities_month_views_delete" ON "activities";--> statement-breakpoint
DROP TRIGGER IF EXISTS "activities_month_views_insert" ON "activities";--> statement-breakpoint
DROP TRIGGER IF EXISTS "activities_month_views_truncate" ON "activities";--> statement-breakpoint
DROP TRIGGER IF EXISTS "activities_month_views_update" ON "activities";--> statement-breakpoint
DROP TRIGGER IF EXISTS "steps_feed_delete" ON "daily_step_achievements";--> statement-breakpoint
DROP TRIGGER IF EXISTS "steps_feed_insert" ON "daily_step_achievements";--> statement-breakpoint
DROP TRIGGER IF EXISTS "steps_feed_truncate" ON "daily_step_achievements";--> statement-breakpoint
DROP TRIGGER IF EXISTS "steps_feed_update" ON "daily_step_achievements";--> statement-breakpoint
DROP TRIGGER IF EXISTS "steps_month_views_delete" ON "daily_step_achievements";--> statement-breakpoint
DROP TRIGGER IF EXISTS "steps_month_views_insert" ON "daily_step_achievements";--> statement-breakpoint
DROP TRIGGER IF EXISTS "steps_month_views_truncate" ON "daily_step_achievements";--> statement-breakpoint
DROP TRIGGER IF EXISTS "steps_month_views_update" ON "daily_step_achievements";--> statement-breakpoint
DROP TRIGGER IF EXISTS "events_feed_delete" ON "event_participations";--> statement-breakpoint
DROP TRIGGER IF EXISTS "events_feed_insert" ON "event_participations";--> statement-breakpoint
DROP TRIGGER IF EXISTS "events_feed_truncate" ON "event_participations";--> statement-breakpoint
DROP TRIGGER IF EXISTS "events_feed_update" ON "event_participations";--> statement-breakpoint
DROP TRIGGER IF EXISTS "events_month_views_delete" ON "event_participations";--> statement-breakpoint
DROP TRIGGER IF EXISTS "events_month_views_insert" ON "event_participations";--> statement-breakpoint
DROP TRIGGER IF EXISTS "events_month_views_truncate" ON "event_participations";--> statement-breakpoint
DROP TRIGGER IF EXISTS "events_month_views_update" ON "event_participations";--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_months_copy_level" ON "score_months";--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_months_insight_totals_truncate" ON "score_months";--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_years_apply_level_to_months" ON "score_years";--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_years_copy_user" ON "score_years";--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_years_counts_delete" ON "score_years";--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_years_counts_insert" ON "score_years";--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_years_counts_truncate" ON "score_years";--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_years_counts_update" ON "score_years";--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_years_leaders_top_delete" ON "score_years";--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_years_leaders_top_insert" ON "score_years";--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_years_leaders_top_truncate" ON "score_years";--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_years_leaders_top_update" ON "score_years";--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_years_reset_fills_on_delete" ON "score_years";--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_years_reset_fills_on_truncate" ON "score_years";--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_years_words_delete" ON "score_years";--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_years_words_insert" ON "score_years";--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_years_words_level" ON "score_years";--> statement-breakpoint
DROP TRIGGER IF EXISTS "score_years_words_truncate" ON "score_years";--> statement-breakpoint
DROP TRIGGER IF EXISTS "tracker_connections_counts" ON "tracker_connections";--> statement-breakpoint
DROP TRIGGER IF EXISTS "tracker_duplicates_sources_delete" ON "tracker_duplicates";--> statement-breakpoint
DROP TRIGGER IF EXISTS "tracker_duplicates_sources_insert" ON "tracker_duplicates";--> statement-breakpoint
DROP TRIGGER IF EXISTS "tracker_duplicates_sources_truncate" ON "tracker_duplicates";--> statement-breakpoint
DROP TRIGGER IF EXISTS "user_levels_keep_score_level" ON "user_levels";--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_feed_privacy" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_get_score_years" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_keep_score_level" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_keep_score_names" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_leaders_top_picture" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_search_counts_delete" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_search_counts_insert" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_search_counts_truncate" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_search_counts_update" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_search_words" ON "users";--> statement-breakpoint
DROP TABLE "feed_entries" CASCADE;--> statement-breakpoint
DROP TABLE "insight_month_totals" CASCADE;--> statement-breakpoint
DROP TABLE "leaders_top" CASCADE;--> statement-breakpoint
DROP TABLE "month_views" CASCADE;--> statement-breakpoint
DROP TABLE "score_year_counts" CASCADE;--> statement-breakpoint
DROP TABLE "score_year_fills" CASCADE;--> statement-breakpoint
DROP TABLE "score_year_words" CASCADE;--> statement-breakpoint
DROP TABLE "tracker_counts" CASCADE;--> statement-breakpoint
DROP TABLE "user_search_counts" CASCADE;--> statement-breakpoint
DROP TABLE "user_search_words" CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "activities_follow_duplicates"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "activities_sources_refresh"(p_ids integer[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS "activity_type_known"(title text);--> statement-breakpoint
DROP FUNCTION IF EXISTS "feed_entries_clear_kind"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "feed_entries_follow_activities"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "feed_entries_follow_events"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "feed_entries_follow_privacy"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "feed_entries_follow_steps"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "insight_month_totals_refresh"(p_months integer[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS "leaders_top_follow_picture"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "leaders_top_follow_scores"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "leaders_top_ids"(p_year smallint, p_level text);--> statement-breakpoint
DROP FUNCTION IF EXISTS "leaders_top_level"(p_year smallint, p_level text);--> statement-breakpoint
DROP FUNCTION IF EXISTS "leaders_top_lists"(p_year smallint, p_user integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS "leaders_top_refresh"(p_years smallint[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS "leaders_top_refresh_levels"(p_year smallint, p_levels text[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS "month_views_follow_activities"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "month_views_follow_days"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "month_views_rebuild"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "month_views_refresh"(p_users integer[], p_days date[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS "score_months_copy_level"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "score_months_follow_level"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "score_year_counts_follow"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "score_year_fills_reset"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "score_year_words_follow_level"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "score_year_words_follow_words"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "score_year_words_follow_years"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "score_years_copy_user"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "score_years_follow_level"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "score_years_follow_user"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "score_years_follow_user_level"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "score_years_for_new_user"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "search_fold"(value text);--> statement-breakpoint
DROP FUNCTION IF EXISTS "search_prefixes_of"(first_name text, last_name text, email text);--> statement-breakpoint
DROP FUNCTION IF EXISTS "search_words_of"(first_name text, last_name text, email text);--> statement-breakpoint
DROP FUNCTION IF EXISTS "tracker_counts_refresh"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "user_search_counts_follow"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "user_search_words_follow"();--> statement-breakpoint
DROP INDEX "score_years_list_level_idx";--> statement-breakpoint
DROP INDEX "activities_start_at_idx";--> statement-breakpoint
CREATE INDEX "activities_start_at_id_idx" ON "activities" USING btree ("start_at","id");--> statement-breakpoint
DROP INDEX "score_years_list_idx";--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "also_recorded_by";--> statement-breakpoint
ALTER TABLE "score_years" DROP COLUMN "role";--> statement-breakpoint
ALTER TABLE "score_years" DROP COLUMN "last_name";--> statement-breakpoint
ALTER TABLE "score_years" DROP COLUMN "first_name";--> statement-breakpoint
-- The admin list's zero-point rows for every employee: the list now joins users instead.
DELETE FROM "score_years" WHERE "points" = 0 AND "last_scored_on" IS NULL;--> statement-breakpoint
CREATE TABLE "replaceable_sql_applied" (
	"file" text PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scoring_rules" (
	"from_year" smallint PRIMARY KEY NOT NULL,
	"points_per_minute" integer NOT NULL,
	"daily_steps" integer NOT NULL,
	"event" integer NOT NULL,
	"event_top_three" integer NOT NULL,
	"quarterly_bonus" integer NOT NULL,
	"daily_minutes_cap" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Admin search: PostgreSQL's own folding (unaccent) and trigram index (pg_trgm). The folding
-- function is part of the schema, not of the replaceable SQL: the generated column and its index
-- are built from it, so a change would need a new migration that rewrites them.
CREATE EXTENSION IF NOT EXISTS "unaccent" SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS "pg_trgm" SCHEMA public;--> statement-breakpoint
-- The words of the names and e-mail, folded (lower case, no accents), each preceded by one space, so
-- "a term starts a word" is `search_text LIKE '% term%'`: a plain byte search, served by the index.
CREATE FUNCTION "search_text_of"(first_name text, last_name text, email text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ' ' || btrim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary,
    coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, ''))), '[^a-z0-9]+', ' ', 'g'))
$$;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_text_of(first_name, last_name, email)) STORED;--> statement-breakpoint
CREATE INDEX "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- The default values, in force from the first year on; start-up stores the configured values from
-- the current competition year on when they differ (server/modules/scoring/rules-sync.ts).
INSERT INTO "scoring_rules" ("from_year", "points_per_minute", "daily_steps", "event", "event_top_three", "quarterly_bonus", "daily_minutes_cap") VALUES (0, 1, 30, 60, 30, 250, NULL);
