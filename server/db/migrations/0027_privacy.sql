CREATE TABLE "data_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"file_name" text,
	"archive" "bytea"
);
--> statement-breakpoint
ALTER TABLE "score_months" ADD COLUMN "strava_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","requested_at");--> statement-breakpoint
-- Existing score rows learn their Strava minutes (competition year and month of each import's day,
-- written out: the replaceable functions are applied after the migrations).
UPDATE "score_months" sm SET "strava_minutes" = s.minutes
  FROM (SELECT a.user_id, (extract(year FROM a.start_date)::int - CASE WHEN extract(month FROM a.start_date) < 4 THEN 1 ELSE 0 END)::smallint AS competition_year,
               extract(month FROM a.start_date)::smallint AS month, sum(a.moving_time)::int AS minutes
          FROM "activities" a WHERE a.source = 'strava' GROUP BY 1, 2, 3) s
 WHERE sm.user_id = s.user_id AND sm.competition_year = s.competition_year AND sm.month = s.month;--> statement-breakpoint
-- The overview's minutes leave Strava imports out from now on (insight_months_apply): existing groups too.
UPDATE "insight_months" i SET "minutes" = i.minutes - s.strava_minutes
  FROM (SELECT sm.competition_year, sm.level_of_competition, sm.month, sum(sm.strava_minutes)::int AS strava_minutes
          FROM "score_months" sm WHERE sm.role = 'user' AND sm.level_of_competition IS NOT NULL AND sm.strava_minutes > 0 GROUP BY 1, 2, 3) s
 WHERE i.competition_year = s.competition_year AND i.level_of_competition = s.level_of_competition AND i.month = s.month;
