-- Replaceable SQL (docs/architecture.md#replaceable-sql): applied after the migrations whenever
-- this file changes (server/db/functions.ts). insight_months (docs/architecture.md#derived-state-and-its-keepers)
-- follows score_months through the row trigger score_months_insights (insert, update, delete;
-- truncate clears it through derived_table_clear). score_months rows carry the level, role and
-- confirmation they were scored with (rescore_user_year), so a deleted row still names its group.
-- A group counts the leaderboard's people: employees (role user) whose address is confirmed.

-- Whether a scored month counts as active for the admin overview: own minutes (not Strava imports,
-- which an admin never sees), steps or events; a quarterly bonus alone is not activity.
CREATE OR REPLACE FUNCTION "insight_month_active"(p_row score_months) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT (p_row.minutes > p_row.strava_minutes OR p_row.steps > 0 OR p_row.events > 0)::integer
$$;

CREATE OR REPLACE FUNCTION "derived_table_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DELETE FROM %I', TG_ARGV[0]);
  RETURN NULL;
END
$$;

-- Every change of insight_months in a competition year holds this lock until commit. Taking it
-- first, in every path, keeps one lock order (no deadlock between two writers that touch several groups). PL/pgSQL (not SQL) so
-- its plan is cached per connection: these run inside every scoring write.
CREATE OR REPLACE FUNCTION "insight_months_lock"(p_years smallint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('insight_months'), y.year)
     FROM (SELECT DISTINCT unnest(p_years) AS year) y WHERE y.year IS NOT NULL ORDER BY y.year;
END
$$;

-- Multiset helpers over the sorted points of a group (PL/pgSQL for cached plans, see above).
-- A write of one employee's month changes one value of its group: that case is a binary search
-- (width_bucket) or a scan in C (array_position) and two array slices, not a re-sort of the whole
-- group (2,500 points at 10,000 employees: 0.03 ms instead of 0.4-0.7 ms per call, measured).
-- Larger changes (rebuilds, level moves) take the set-based re-sort.
CREATE OR REPLACE FUNCTION "insight_sorted_add"(p_sorted integer[], p_added integer[]) RETURNS integer[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  at integer;
BEGIN
  IF cardinality(p_added) = 1 AND p_added[1] IS NOT NULL THEN
    IF coalesce(cardinality(p_sorted), 0) = 0 THEN
      RETURN p_added;
    END IF;
    at := width_bucket(p_added[1], p_sorted);
    RETURN p_sorted[1:at] || p_added[1] || p_sorted[at + 1:];
  END IF;
  RETURN (SELECT coalesce(array_agg(v ORDER BY v), '{}') FROM (SELECT unnest(p_sorted) UNION ALL SELECT unnest(p_added)) x(v));
END
$$;
CREATE OR REPLACE FUNCTION "insight_sorted_remove"(p_sorted integer[], p_removed integer[]) RETURNS integer[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  at integer;
BEGIN
  IF cardinality(p_removed) = 1 THEN
    at := array_position(p_sorted, p_removed[1]);
    IF at IS NULL THEN
      RETURN coalesce(p_sorted, '{}');
    END IF;
    RETURN p_sorted[1:at - 1] || p_sorted[at + 1:];
  END IF;
  RETURN (SELECT coalesce(array_agg(v ORDER BY v), '{}') FROM (SELECT unnest(p_sorted) EXCEPT ALL SELECT unnest(p_removed)) x(v));
END
$$;

-- Adds (p_sign 1) or removes (p_sign -1) one employee-month of points to or from its group.
-- Minutes imported from Strava are left out: the admin overview must not show them
-- (docs/product-rules.md#privacy).
CREATE OR REPLACE FUNCTION "insight_months_move"(p_row score_months, p_sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_months_lock(ARRAY[p_row.competition_year]);
  IF p_sign > 0 THEN
    INSERT INTO insight_months AS t (competition_year, level_of_competition, month, employees, points, minutes, steps, events, sorted_points, active)
    VALUES (p_row.competition_year, p_row.level_of_competition, p_row.month, 1, p_row.points, p_row.minutes - p_row.strava_minutes, p_row.steps, p_row.events, ARRAY[p_row.points],
            insight_month_active(p_row))
    ON CONFLICT (competition_year, level_of_competition, month) DO UPDATE
       SET employees = t.employees + 1, points = t.points + excluded.points, minutes = t.minutes + excluded.minutes,
           steps = t.steps + excluded.steps, events = t.events + excluded.events, active = t.active + excluded.active,
           sorted_points = insight_sorted_add(t.sorted_points, excluded.sorted_points);
  ELSE
    UPDATE insight_months t
       SET employees = t.employees - 1, points = t.points - p_row.points, minutes = t.minutes - (p_row.minutes - p_row.strava_minutes),
           steps = t.steps - p_row.steps, events = t.events - p_row.events, active = t.active - insight_month_active(p_row),
           sorted_points = insight_sorted_remove(t.sorted_points, ARRAY[p_row.points])
     WHERE t.competition_year = p_row.competition_year AND t.level_of_competition = p_row.level_of_competition AND t.month = p_row.month;
    DELETE FROM insight_months t
     WHERE t.competition_year = p_row.competition_year AND t.level_of_competition = p_row.level_of_competition AND t.month = p_row.month
       AND t.employees = 0;
  END IF;
END
$$;

-- Row trigger on score_months: a confirmed employee's (role user, with a level) month leaves its old group
-- and joins its new one. A change inside one group is one UPDATE: a write changes one row of one
-- employee, and a row trigger costs a fraction of a statement trigger's transition tables (the
-- serial-write figure of docs/load-model.md). A rebuild (rebuild_scores) recomputes the groups
-- set-based instead and tells the trigger so through the setting wellness.scores_rebuilding.
CREATE OR REPLACE FUNCTION "insight_months_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_counted boolean := false;
  is_counted boolean := false;
BEGIN
  IF current_setting('wellness.scores_rebuilding', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- Nested IFs: OLD or NEW of an operation that has none must not even be read.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    was_counted := OLD.role = 'user' AND OLD.confirmed AND OLD.level_of_competition IS NOT NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    is_counted := NEW.role = 'user' AND NEW.confirmed AND NEW.level_of_competition IS NOT NULL;
  END IF;
  IF was_counted AND is_counted AND OLD.competition_year = NEW.competition_year
     AND OLD.level_of_competition = NEW.level_of_competition AND OLD.month = NEW.month THEN
    PERFORM insight_months_lock(ARRAY[NEW.competition_year]);
    UPDATE insight_months t
       SET points = t.points - OLD.points + NEW.points, minutes = t.minutes - (OLD.minutes - OLD.strava_minutes) + (NEW.minutes - NEW.strava_minutes),
           steps = t.steps - OLD.steps + NEW.steps, events = t.events - OLD.events + NEW.events,
           active = t.active - insight_month_active(OLD) + insight_month_active(NEW),
           sorted_points = insight_sorted_add(insight_sorted_remove(t.sorted_points, ARRAY[OLD.points]), ARRAY[NEW.points])
     WHERE t.competition_year = NEW.competition_year AND t.level_of_competition = NEW.level_of_competition AND t.month = NEW.month;
    RETURN NULL;
  END IF;
  IF was_counted THEN
    PERFORM insight_months_move(OLD, -1);
  END IF;
  IF is_counted THEN
    PERFORM insight_months_move(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;

-- The groups of the competition years p_from..p_to recomputed from score_months (a rebuild).
CREATE OR REPLACE FUNCTION "insight_months_rebuild"(p_from integer, p_to integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insight_months WHERE competition_year BETWEEN p_from AND p_to;
  INSERT INTO insight_months (competition_year, level_of_competition, month, employees, points, minutes, steps, events, sorted_points, active)
  SELECT sm.competition_year, sm.level_of_competition, sm.month, count(*), sum(sm.points), sum(sm.minutes - sm.strava_minutes), sum(sm.steps), sum(sm.events),
         array_agg(sm.points ORDER BY sm.points), sum(insight_month_active(sm))
    FROM score_months sm
   WHERE sm.competition_year BETWEEN p_from AND p_to AND sm.role = 'user' AND sm.confirmed AND sm.level_of_competition IS NOT NULL
   GROUP BY 1, 2, 3;
END
$$;
