CREATE TABLE "insight_months" (
	"competition_year" smallint NOT NULL,
	"level_of_competition" text NOT NULL,
	"month" smallint NOT NULL,
	"employees" integer NOT NULL,
	"points" integer NOT NULL,
	"minutes" integer NOT NULL,
	"steps" integer NOT NULL,
	"events" integer NOT NULL,
	"sorted_points" integer[] NOT NULL,
	CONSTRAINT "insight_months_competition_year_level_of_competition_month_pk" PRIMARY KEY("competition_year","level_of_competition","month")
);
--> statement-breakpoint
ALTER TABLE "score_months" ADD COLUMN "minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "score_months" ADD COLUMN "steps" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "score_months" ADD COLUMN "events" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "score_months" ADD COLUMN "level_of_competition" text;--> statement-breakpoint
ALTER TABLE "score_months" ADD COLUMN "role" text;--> statement-breakpoint
-- Backfill: the month's raw activity minutes, step achievements and event participations, the
-- year's level and the user's role on every existing score_months row (before the triggers exist).
UPDATE "score_months" sm SET "minutes" = f.minutes, "steps" = f.steps, "events" = f.events
  FROM (
    SELECT user_id, cy, month, sum(minutes)::int AS minutes, sum(steps)::int AS steps, sum(events)::int AS events FROM (
      SELECT user_id, extract(year from (start_date - interval '3 months'))::smallint AS cy, extract(month from start_date)::smallint AS month, sum(moving_time) AS minutes, 0 AS steps, 0 AS events FROM activities GROUP BY 1, 2, 3
      UNION ALL
      SELECT user_id, extract(year from (date - interval '3 months'))::smallint, extract(month from date)::smallint, 0, count(*), 0 FROM daily_step_achievements GROUP BY 1, 2, 3
      UNION ALL
      SELECT user_id, extract(year from (date - interval '3 months'))::smallint, extract(month from date)::smallint, 0, 0, count(*) FROM event_participations GROUP BY 1, 2, 3
    ) facts GROUP BY 1, 2, 3
  ) f
 WHERE sm.user_id = f.user_id AND sm.competition_year = f.cy AND sm.month = f.month;--> statement-breakpoint
UPDATE "score_months" sm SET "level_of_competition" = competition_level(sm.user_id, sm.competition_year), "role" = u.role FROM users u WHERE u.id = sm.user_id;--> statement-breakpoint
INSERT INTO "insight_months" (competition_year, level_of_competition, month, employees, points, minutes, steps, events, sorted_points)
SELECT competition_year, level_of_competition, month, count(*), sum(points), sum(minutes), sum(steps), sum(events), array_agg(points ORDER BY points)
  FROM score_months WHERE role = 'user' AND level_of_competition IS NOT NULL GROUP BY 1, 2, 3;--> statement-breakpoint
-- score_months carries the year's level and the user's role (migration 0013), so a deleted row
-- still says which insight_months group it counted in.
CREATE OR REPLACE FUNCTION "score_months_copy_level"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.level_of_competition := competition_level(NEW.user_id, NEW.competition_year);
  SELECT u.role INTO NEW.role FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Every change of insight_months in a competition year holds this lock until commit. Writers of
-- one year already queue on its leaders_top row; taking this first, in every path, keeps one
-- lock order (no deadlock between two writers that touch several groups).
CREATE OR REPLACE FUNCTION "insight_months_lock"(p_years smallint[]) RETURNS void LANGUAGE sql AS $$
  SELECT count(pg_advisory_xact_lock(hashtext('insight_months'), y.year))::int
    FROM (SELECT DISTINCT unnest(p_years) AS year ORDER BY 1) y WHERE y.year IS NOT NULL
$$;--> statement-breakpoint
-- Multiset helpers over the sorted points of a group.
CREATE OR REPLACE FUNCTION "insight_sorted_add"(p_sorted integer[], p_added integer[]) RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(v ORDER BY v), '{}') FROM (SELECT unnest(p_sorted) UNION ALL SELECT unnest(p_added)) x(v)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "insight_sorted_remove"(p_sorted integer[], p_removed integer[]) RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(v ORDER BY v), '{}') FROM (SELECT unnest(p_sorted) EXCEPT ALL SELECT unnest(p_removed)) x(v)
$$;--> statement-breakpoint
-- Applies a statement's change of score_months to insight_months: `p_removed` and `p_added` are
-- the old and new rows as JSON arrays (employees only). Removals first, then additions, then
-- groups left without anyone go.
CREATE OR REPLACE FUNCTION "insight_months_apply"(p_removed json, p_added json) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH removed AS (
    SELECT r.competition_year, r.level_of_competition, r.month, count(*)::int AS employees, sum(r.points)::int AS points,
           sum(r.minutes)::int AS minutes, sum(r.steps)::int AS steps, sum(r.events)::int AS events, array_agg(r.points) AS sorted
      FROM json_to_recordset(p_removed) AS r(competition_year smallint, level_of_competition text, month smallint, points int, minutes int, steps int, events int)
     GROUP BY 1, 2, 3
  )
  UPDATE insight_months t
     SET employees = t.employees - r.employees, points = t.points - r.points, minutes = t.minutes - r.minutes,
         steps = t.steps - r.steps, events = t.events - r.events, sorted_points = insight_sorted_remove(t.sorted_points, r.sorted)
    FROM removed r
   WHERE t.competition_year = r.competition_year AND t.level_of_competition = r.level_of_competition AND t.month = r.month;

  INSERT INTO insight_months AS t (competition_year, level_of_competition, month, employees, points, minutes, steps, events, sorted_points)
  SELECT a.competition_year, a.level_of_competition, a.month, count(*), sum(a.points), sum(a.minutes), sum(a.steps), sum(a.events), array_agg(a.points ORDER BY a.points)
    FROM json_to_recordset(p_added) AS a(competition_year smallint, level_of_competition text, month smallint, points int, minutes int, steps int, events int)
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT (competition_year, level_of_competition, month) DO UPDATE
     SET employees = t.employees + excluded.employees, points = t.points + excluded.points, minutes = t.minutes + excluded.minutes,
         steps = t.steps + excluded.steps, events = t.events + excluded.events, sorted_points = insight_sorted_add(t.sorted_points, excluded.sorted_points);

  DELETE FROM insight_months t
   USING (SELECT DISTINCT r.competition_year, r.level_of_competition, r.month
            FROM json_to_recordset(p_removed) AS r(competition_year smallint, level_of_competition text, month smallint)) g
   WHERE t.competition_year = g.competition_year AND t.level_of_competition = g.level_of_competition AND t.month = g.month AND t.employees = 0;
END
$$;--> statement-breakpoint
-- Statement triggers on score_months: the rows of employees (role user) with a level, old ones
-- removed and new ones added.
CREATE OR REPLACE FUNCTION "insight_months_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed json := '[]';
  added json := '[]';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM insight_months_lock(array_agg(o.competition_year)) FROM old_rows o;
    SELECT coalesce(json_agg(o), '[]') INTO removed FROM old_rows o WHERE o.role = 'user' AND o.level_of_competition IS NOT NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM insight_months_lock(array_agg(n.competition_year)) FROM new_rows n;
    SELECT coalesce(json_agg(n), '[]') INTO added FROM new_rows n WHERE n.role = 'user' AND n.level_of_competition IS NOT NULL;
  END IF;
  IF json_array_length(removed) > 0 OR json_array_length(added) > 0 THEN
    PERFORM insight_months_apply(removed, added);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- score_years follows level and role changes (migrations 0002/0003); score_months follows
-- score_years, which moves the months between insight groups through the trigger above. The year
-- lock is taken for every updated score_years row (this trigger sorts before the counts and
-- leaders_top triggers), so every path takes it before the leaders_top row.
CREATE OR REPLACE FUNCTION "score_months_follow_level"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_months_lock(array_agg(n.competition_year)) FROM new_rows n;
  UPDATE score_months sm SET level_of_competition = n.level_of_competition, role = n.role
    FROM new_rows n
   WHERE sm.user_id = n.user_id AND sm.competition_year = n.competition_year
     AND (sm.level_of_competition IS DISTINCT FROM n.level_of_competition OR sm.role IS DISTINCT FROM n.role);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "score_months_copy_level" BEFORE INSERT ON "score_months" FOR EACH ROW EXECUTE FUNCTION score_months_copy_level();--> statement-breakpoint
CREATE TRIGGER "score_months_insights_insert" AFTER INSERT ON "score_months" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_months_follow();--> statement-breakpoint
CREATE TRIGGER "score_months_insights_update" AFTER UPDATE ON "score_months" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_months_follow();--> statement-breakpoint
CREATE TRIGGER "score_months_insights_delete" AFTER DELETE ON "score_months" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_months_follow();--> statement-breakpoint
CREATE TRIGGER "score_months_insights_truncate" AFTER TRUNCATE ON "score_months" FOR EACH STATEMENT EXECUTE FUNCTION derived_table_clear('insight_months');--> statement-breakpoint
-- Named to fire before the score_years counts and leaders_top triggers (they fire in name order).
CREATE TRIGGER "score_years_apply_level_to_months" AFTER UPDATE ON "score_years" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION score_months_follow_level();
