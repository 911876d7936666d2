CREATE TABLE "employee_joins" (
	"competition_year" smallint PRIMARY KEY NOT NULL,
	"employees" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracker_counts" (
	"service" text PRIMARY KEY NOT NULL,
	"connections" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insight_months" ADD COLUMN "active" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The counts of the admin overview, kept from now on by the triggers of server/db/functions/overview.sql
-- (replaceable SQL, applied after this migration), filled here from the rows they follow. The year
-- of a join is the competition year (from 1 April) of created_at in UTC, written out because the
-- replaceable functions do not exist yet on a new database.
INSERT INTO "employee_joins" ("competition_year", "employees")
SELECT (extract(year FROM u.created_at AT TIME ZONE 'UTC')::int - CASE WHEN extract(month FROM u.created_at AT TIME ZONE 'UTC') < 4 THEN 1 ELSE 0 END)::smallint, count(*)
  FROM "users" u WHERE u.role = 'user' GROUP BY 1;
--> statement-breakpoint
INSERT INTO "tracker_counts" ("service", "connections")
SELECT c.service, count(*) FROM "tracker_connections" c GROUP BY 1
UNION ALL SELECT '*', count(DISTINCT c.user_id) FROM "tracker_connections" c HAVING count(*) > 0;
--> statement-breakpoint
UPDATE "insight_months" i SET "active" = a.active
  FROM (SELECT sm.competition_year, sm.level_of_competition, sm.month, count(*) AS active FROM "score_months" sm
         WHERE sm.role = 'user' AND sm.confirmed AND sm.level_of_competition IS NOT NULL
           AND (sm.minutes > sm.strava_minutes OR sm.steps > 0 OR sm.events > 0)
         GROUP BY 1, 2, 3) a
 WHERE i.competition_year = a.competition_year AND i.level_of_competition = a.level_of_competition AND i.month = a.month;
