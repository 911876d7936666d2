ALTER TABLE "score_years" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "score_years" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "score_years" ADD COLUMN "first_name" text;--> statement-breakpoint
CREATE INDEX "score_years_list_level_idx" ON "score_years" USING btree ("competition_year","level_of_competition","points" DESC NULLS LAST,"last_name","first_name","user_id") WHERE "score_years"."role" = 'user';--> statement-breakpoint
CREATE INDEX "score_years_list_idx" ON "score_years" USING btree ("competition_year","points" DESC NULLS LAST,"last_name","first_name","user_id") WHERE "score_years"."role" = 'user';--> statement-breakpoint
-- score_years.role/last_name/first_name copy the user's, so the admin leaders list reads one index
-- range in its order (points, last name, first name, user id). Filled on every insert, whichever
-- statement inserts (recomputeUserYear, rebuildAllScores, the list's missing-rows fill) ...
CREATE FUNCTION "score_years_copy_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.role, u.last_name, u.first_name INTO NEW.role, NEW.last_name, NEW.first_name FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "score_years_copy_user" BEFORE INSERT ON "score_years" FOR EACH ROW EXECUTE FUNCTION score_years_copy_user();--> statement-breakpoint
-- ... and followed when the user's role or name changes.
CREATE FUNCTION "score_years_follow_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE score_years SET role = NEW.role, last_name = NEW.last_name, first_name = NEW.first_name WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_keep_score_names" AFTER UPDATE OF "role", "last_name", "first_name" ON "users" FOR EACH ROW EXECUTE FUNCTION score_years_follow_user();--> statement-breakpoint
UPDATE "score_years" sy SET "role" = u."role", "last_name" = u."last_name", "first_name" = u."first_name" FROM "users" u WHERE u."id" = sy."user_id";
