-- Re-appliable: run on every start AFTER the migrations, in one transaction (server/db/functions.ts).
-- The function bodies that keep the read models live here, so a fix is an edit of this file, never
-- of a committed migration. A change of a function's arguments or return type needs a DROP first.

-- score_months carries the year's level and the user's role (migration 0014), so a deleted row
-- still says which insight_months group it counted in.
CREATE OR REPLACE FUNCTION "score_months_copy_level"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- competition_level() written out: a SQL function is planned again on every statement, this
  -- PL/pgSQL statement once per connection.
  SELECT coalesce(
           (SELECT ul.level_of_competition FROM user_levels ul WHERE ul.user_id = NEW.user_id AND ul.competition_year <= NEW.competition_year ORDER BY ul.competition_year DESC LIMIT 1),
           (SELECT ul.level_of_competition FROM user_levels ul WHERE ul.user_id = NEW.user_id ORDER BY ul.competition_year ASC LIMIT 1),
           u.level_of_competition),
         u.role
    INTO NEW.level_of_competition, NEW.role
    FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END
$$;

-- Every change of insight_months in a competition year holds this lock until commit. Writers of
-- one year already queue on its leaders_top row; taking this first, in every path, keeps one
-- lock order (no deadlock between two writers that touch several groups). PL/pgSQL (not SQL) so
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

-- insight_month_totals (migration 0022): the admin overview's month as JSON without its "month"
-- key (the read adds it), summed over the levels' insight_months groups, rewritten for the months in
-- `p_months` (competition_year * 100 + month) and removed for months left without a group. Levels
-- in the contract's order (src/api/contract/values.ts; the insights SQL test compares the answer
-- with one built in TypeScript). Runs under the year's insight_months_lock, like every change of
-- insight_months. One statement (a month without groups sums to NULL and is deleted): about
-- 0.05 ms per write that changes a month of a 2,500-employee group, measured with pgbench.
CREATE OR REPLACE FUNCTION "insight_month_totals_refresh"(p_months integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH summed AS (
    SELECT t.y, t.m, '"activeEmployees":' || sum(i.employees)::text
             || ',"minutesByLevel":{"Beginner":' || coalesce(sum(i.minutes) FILTER (WHERE i.level_of_competition = 'Beginner'), 0)::text
             || ',"Intermediate":' || coalesce(sum(i.minutes) FILTER (WHERE i.level_of_competition = 'Intermediate'), 0)::text
             || ',"Advanced":' || coalesce(sum(i.minutes) FILTER (WHERE i.level_of_competition = 'Advanced'), 0)::text
             || ',"Elite":' || coalesce(sum(i.minutes) FILTER (WHERE i.level_of_competition = 'Elite'), 0)::text
             || '},"eventParticipations":' || sum(i.events)::text || ',"stepAchievements":' || sum(i.steps)::text || '}' AS body
      FROM (SELECT DISTINCT (k / 100)::smallint AS y, (k % 100)::smallint AS m FROM unnest(p_months) k) t
      LEFT JOIN insight_months i ON i.competition_year = t.y AND i.month = t.m
     GROUP BY t.y, t.m
  ), emptied AS (
    DELETE FROM insight_month_totals o USING summed s
     WHERE s.body IS NULL AND o.competition_year = s.y AND o.month = s.m
  )
  INSERT INTO insight_month_totals AS o (competition_year, month, body)
  SELECT s.y, s.m, s.body FROM summed s WHERE s.body IS NOT NULL ORDER BY 1, 2
  ON CONFLICT (competition_year, month) DO UPDATE SET body = excluded.body;
END
$$;

-- Applies a statement's change of score_months to insight_months: `p_removed` and `p_added` are
-- the old and new rows as JSON arrays (employees only). Removals first, then additions, then
-- groups left without anyone go, then the overview's totals of the touched months.
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

  -- The overview's totals of the months this change touched (one statement: cheaper per write
  -- than a trigger on insight_months, which would fire for each of the three statements above).
  PERFORM insight_month_totals_refresh(array(
    SELECT DISTINCT x.competition_year * 100 + x.month FROM (
      SELECT r.competition_year, r.month FROM json_to_recordset(p_removed) AS r(competition_year smallint, month smallint)
      UNION ALL
      SELECT a.competition_year, a.month FROM json_to_recordset(p_added) AS a(competition_year smallint, month smallint)) x));
END
$$;

-- Statement triggers on score_months: the rows of employees (role user) with a level, old ones
-- removed and new ones added.
CREATE OR REPLACE FUNCTION "insight_months_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed json := '[]';
  added json := '[]';
BEGIN
  -- Statement triggers fire for statements that touched no row too (the recompute's upsert).
  -- Nested IFs: a transition table the operation does not have must not even be named.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF EXISTS (SELECT 1 FROM old_rows) THEN
      PERFORM insight_months_lock(array_agg(o.competition_year)) FROM old_rows o;
      SELECT coalesce(json_agg(o), '[]') INTO removed FROM old_rows o WHERE o.role = 'user' AND o.level_of_competition IS NOT NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    IF EXISTS (SELECT 1 FROM new_rows) THEN
      PERFORM insight_months_lock(array_agg(n.competition_year)) FROM new_rows n;
      SELECT coalesce(json_agg(n), '[]') INTO added FROM new_rows n WHERE n.role = 'user' AND n.level_of_competition IS NOT NULL;
    END IF;
  END IF;
  IF json_array_length(removed) > 0 OR json_array_length(added) > 0 THEN
    PERFORM insight_months_apply(removed, added);
  END IF;
  RETURN NULL;
END
$$;

-- score_years follows level and role changes (migrations 0002/0003); score_months follows
-- score_years, which moves the months between insight groups through the trigger above. The year
-- lock is taken for every updated score_years row (this trigger sorts before the counts and
-- leaders_top triggers), so every path takes it before the leaders_top row.
CREATE OR REPLACE FUNCTION "score_months_follow_level"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM insight_months_lock(array_agg(n.competition_year)) FROM new_rows n;
  UPDATE score_months sm SET level_of_competition = n.level_of_competition, role = n.role
    FROM new_rows n
   WHERE sm.user_id = n.user_id AND sm.competition_year = n.competition_year
     AND (sm.level_of_competition IS DISTINCT FROM n.level_of_competition OR sm.role IS DISTINCT FROM n.role);
  RETURN NULL;
END
$$;

-- tracker_counts (migration 0015): the admin overview's tracker numbers, counted again after every
-- statement on tracker_connections (they change rarely). The lock makes the count of the second of
-- two concurrent connects start after the first committed (READ COMMITTED: a fresh snapshot per
-- statement), so neither overwrites the other's count.
CREATE OR REPLACE FUNCTION "tracker_counts_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('tracker_counts'));
  INSERT INTO tracker_counts AS c (id, strava, fitbit, connected_users)
  SELECT true, count(*) FILTER (WHERE service = 'STRAVA'), count(*) FILTER (WHERE service = 'FITBIT'), count(DISTINCT user_id) FROM tracker_connections
  ON CONFLICT (id) DO UPDATE SET strava = excluded.strava, fitbit = excluded.fitbit, connected_users = excluded.connected_users;
  RETURN NULL;
END
$$;
