ALTER TABLE "score_years" ADD COLUMN "level_of_competition" text;--> statement-breakpoint
CREATE INDEX "score_years_year_level_points_idx" ON "score_years" USING btree ("competition_year","level_of_competition","points" DESC NULLS LAST,"last_scored_on","user_id");--> statement-breakpoint
-- The level a user competes in for a competition year (docs/product-rules.md#level-of-competition): that year's user_levels row,
-- else the latest earlier one, else the earliest, else users.level_of_competition.
CREATE FUNCTION "competition_level"(p_user_id integer, p_year integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT ul.level_of_competition FROM user_levels ul WHERE ul.user_id = p_user_id AND ul.competition_year <= p_year ORDER BY ul.competition_year DESC LIMIT 1),
    (SELECT ul.level_of_competition FROM user_levels ul WHERE ul.user_id = p_user_id ORDER BY ul.competition_year ASC LIMIT 1),
    (SELECT u.level_of_competition FROM users u WHERE u.id = p_user_id))
$$;--> statement-breakpoint
-- Keeps score_years.level_of_competition equal to competition_level() whenever a level changes,
-- whichever module changes it (signup, profile, admin update).
CREATE FUNCTION "score_years_follow_level"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_user integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  UPDATE score_years SET level_of_competition = competition_level(user_id, competition_year) WHERE user_id = changed_user;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "score_years_follow_user_level"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE score_years SET level_of_competition = competition_level(user_id, competition_year) WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_levels_keep_score_level" AFTER INSERT OR UPDATE OR DELETE ON "user_levels" FOR EACH ROW EXECUTE FUNCTION score_years_follow_level();--> statement-breakpoint
CREATE TRIGGER "users_keep_score_level" AFTER UPDATE OF "level_of_competition" ON "users" FOR EACH ROW EXECUTE FUNCTION score_years_follow_user_level();--> statement-breakpoint
UPDATE "score_years" SET "level_of_competition" = competition_level("user_id", "competition_year");
