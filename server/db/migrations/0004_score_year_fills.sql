CREATE TABLE "score_year_fills" (
	"competition_year" smallint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- A new user gets a score_years row (0 points, that year's level) for every filled year. The lock
-- orders this with the list's fill (leaders/year-rows.ts), so no user is missed by both.
CREATE FUNCTION "score_years_for_new_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('score_year_fills'));
  INSERT INTO score_years (user_id, competition_year, points, last_scored_on, level_of_competition)
  SELECT NEW.id, f.competition_year, 0, NULL, competition_level(NEW.id, f.competition_year) FROM score_year_fills f
  ON CONFLICT (user_id, competition_year) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_get_score_years" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION score_years_for_new_user();--> statement-breakpoint
-- Removed score rows (a rebuild's truncate, a user's deletion) make every year unfilled again.
CREATE FUNCTION "score_year_fills_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM score_year_fills;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "score_years_reset_fills_on_delete" AFTER DELETE ON "score_years" FOR EACH STATEMENT EXECUTE FUNCTION score_year_fills_reset();--> statement-breakpoint
CREATE TRIGGER "score_years_reset_fills_on_truncate" AFTER TRUNCATE ON "score_years" FOR EACH STATEMENT EXECUTE FUNCTION score_year_fills_reset();
