ALTER TABLE "score_months" ADD COLUMN "confirmed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "email_confirmation_tokens" ADD COLUMN "email" text;--> statement-breakpoint
-- An account whose address is not confirmed is on no leaderboard, so it leaves the insight groups
-- too (progress ranks, competitors and medians count the leaderboard's people): its score rows say
-- so, and the groups of the years such rows fall in are recomputed from score_months, as
-- insight_months_rebuild does. The row trigger stands aside meanwhile (wellness.scores_rebuilding).
SELECT set_config('wellness.scores_rebuilding', 'on', true);--> statement-breakpoint
UPDATE "score_months" sm SET "confirmed" = false FROM "users" u WHERE u."id" = sm."user_id" AND u."email_confirmed_at" IS NULL;--> statement-breakpoint
DELETE FROM "insight_months" WHERE "competition_year" IN (SELECT DISTINCT "competition_year" FROM "score_months" WHERE NOT "confirmed");--> statement-breakpoint
INSERT INTO "insight_months" ("competition_year", "level_of_competition", "month", "employees", "points", "minutes", "steps", "events", "sorted_points")
SELECT sm."competition_year", sm."level_of_competition", sm."month", count(*), sum(sm."points"), sum(sm."minutes" - sm."strava_minutes"), sum(sm."steps"), sum(sm."events"),
       array_agg(sm."points" ORDER BY sm."points")
  FROM "score_months" sm
 WHERE sm."competition_year" IN (SELECT DISTINCT "competition_year" FROM "score_months" WHERE NOT "confirmed")
   AND sm."role" = 'user' AND sm."confirmed" AND sm."level_of_competition" IS NOT NULL
 GROUP BY 1, 2, 3;--> statement-breakpoint
SELECT set_config('wellness.scores_rebuilding', 'off', true);
