-- Replaceable SQL (docs/architecture.md#replaceable-sql): applied after the migrations whenever
-- this file changes (server/db/functions.ts). The ONE definition of how source rows become points
-- (docs/product-rules.md#scoring): per-write rescoring, the full rebuild and the mocks' reference
-- check (tests/server/scoring/scoring-twin.test.ts) all use it. A change of a function's arguments
-- or return type needs a DROP first.

-- Competition year N runs 1 April N to 31 March N+1 (docs/product-rules.md#competition-year).
CREATE OR REPLACE FUNCTION "competition_year_of"(day date) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (extract(year FROM day)::int - CASE WHEN extract(month FROM day) < 4 THEN 1 ELSE 0 END)::smallint
$$;

-- Its first and last day.
CREATE OR REPLACE FUNCTION "competition_year_first_day"(year integer) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT make_date(year, 4, 1)
$$;
CREATE OR REPLACE FUNCTION "competition_year_last_day"(year integer) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT make_date(year + 1, 3, 31)
$$;

-- A quarterly bonus counts on the last day of its quarter (Q1 Apr-Jun ... Q4 Jan-Mar).
CREATE OR REPLACE FUNCTION "quarter_end_day"(year integer, quarter integer) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (competition_year_first_day(year) + make_interval(months => quarter * 3) - interval '1 day')::date
$$;

-- The level a user competes in for a competition year: that year's user_levels row, else the
-- latest earlier one, else the earliest, else users.level_of_competition. PL/pgSQL, so its plan is
-- cached per connection (every rescoring calls it).
CREATE OR REPLACE FUNCTION "competition_level"(p_user_id integer, p_year integer) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce(
    (SELECT ul.level_of_competition FROM user_levels ul WHERE ul.user_id = p_user_id AND ul.competition_year <= p_year ORDER BY ul.competition_year DESC LIMIT 1),
    (SELECT ul.level_of_competition FROM user_levels ul WHERE ul.user_id = p_user_id ORDER BY ul.competition_year ASC LIMIT 1),
    (SELECT u.level_of_competition FROM users u WHERE u.id = p_user_id));
END
$$;

-- Every scoring day of every user: (user_id, day, points, minutes, steps, events, strava_minutes), one row per
-- activity day (minutes summed, capped when a cap is set), step achievement, event participation
-- and quarterly bonus flag, each scored with the values in force for its competition year (the
-- latest scoring_rules row at or before it). Callers filter on user_id and day: PostgreSQL pushes
-- those conditions into each branch, so one user's year reads one index range per table.
-- strava_minutes (of `minutes`, those imported from Strava; last, so the view is replaced in place)
-- are kept apart because only their athlete may see them (docs/product-rules.md#privacy).
CREATE OR REPLACE VIEW "scored_days" AS
  SELECT g.user_id, g.day, (least(g.minutes, r.daily_minutes_cap) * r.points_per_minute)::int AS points, g.minutes, 0 AS steps, 0 AS events, g.strava_minutes
    FROM (SELECT a.user_id, a.start_date AS day, sum(a.moving_time)::int AS minutes, coalesce(sum(a.moving_time) FILTER (WHERE a.source = 'strava'), 0)::int AS strava_minutes
            FROM activities a GROUP BY a.user_id, a.start_date) g
    CROSS JOIN LATERAL (SELECT * FROM scoring_rules r WHERE r.from_year <= competition_year_of(g.day) ORDER BY r.from_year DESC LIMIT 1) r
  UNION ALL
  SELECT s.user_id, s.date, r.daily_steps, 0, 1, 0, 0
    FROM daily_step_achievements s
    CROSS JOIN LATERAL (SELECT * FROM scoring_rules r WHERE r.from_year <= competition_year_of(s.date) ORDER BY r.from_year DESC LIMIT 1) r
  UNION ALL
  SELECT e.user_id, e.date, r.event + CASE WHEN e.is_in_the_top_three THEN r.event_top_three ELSE 0 END, 0, 0, 1, 0
    FROM event_participations e
    CROSS JOIN LATERAL (SELECT * FROM scoring_rules r WHERE r.from_year <= competition_year_of(e.date) ORDER BY r.from_year DESC LIMIT 1) r
  UNION ALL
  SELECT b.user_id, quarter_end_day(b.competition_year, q.quarter), r.quarterly_bonus, 0, 0, 0, 0
    FROM quarterly_bonuses b
    CROSS JOIN LATERAL (VALUES (b.first_quarter, 1), (b.second_quarter, 2), (b.third_quarter, 3), (b.fourth_quarter, 4)) AS q(flag, quarter)
    CROSS JOIN LATERAL (SELECT * FROM scoring_rules r WHERE r.from_year <= b.competition_year ORDER BY r.from_year DESC LIMIT 1) r
   WHERE q.flag;

-- Every write of one employee's rows holds this lock until commit (server/db/user-write-lock.ts):
-- rescoring reads the user's other rows, so two writers of one user must not overlap. Writers of
-- different users never wait for each other.
CREATE OR REPLACE FUNCTION "user_write_lock"(p_user integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(74201, p_user);
END
$$;

-- Rescoring waits while a rebuild runs (rebuild_scores takes this lock exclusively), so no write
-- is scored with values a rebuild is replacing.
CREATE OR REPLACE FUNCTION "scoring_write_lock"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('scoring_rebuild'));
END
$$;

-- The calendar month's first day of month p_month (1-12) of competition year p_year.
CREATE OR REPLACE FUNCTION "competition_month_first_day"(p_year integer, p_month integer) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT make_date(CASE WHEN p_month >= 4 THEN p_year ELSE p_year + 1 END, p_month, 1)
$$;

-- Recomputes one user's score rows of one competition year from the source rows: the score_months
-- rows of the calendar months p_months (every month when null) and the score_years row, writing
-- only rows that changed (the insight_months triggers then touch only the months that changed).
-- A write rescores only the months it touched: one month's source rows instead of the year's
-- (the serial-write figure of docs/load-model.md); the year's points are the sum of its at most 12
-- month rows. Called inside the writer's transaction after every write of the user's activities,
-- steps, events, bonuses, tracker imports and level.
CREATE OR REPLACE FUNCTION "rescore_user_months"(p_user integer, p_year integer, p_months smallint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_level text := competition_level(p_user, p_year);
  v_role text;
  v_confirmed boolean;
  v_from date := competition_year_first_day(p_year);
  v_to date := competition_year_last_day(p_year);
  v_rescored_last date;
  v_old_last date;
  v_last date;
  v_other_month smallint;
  v_changed smallint[];
  v_unchanged smallint[];
BEGIN
  -- Taken before anything is read: a write that took no lock before its insert or delete is
  -- still serialised with the user's other writers here, and each statement below then sees
  -- what they committed (READ COMMITTED).
  PERFORM user_write_lock(p_user);
  PERFORM scoring_write_lock();
  -- The role and whether the address is confirmed decide whether the months count in insight_months.
  SELECT u.role, u.email_confirmed_at IS NOT NULL INTO v_role, v_confirmed FROM users u WHERE u.id = p_user;
  IF p_months IS NOT NULL THEN
    -- One range over the touched months (usually one); rows of other months in it are skipped.
    SELECT min(competition_month_first_day(p_year, m)), max((competition_month_first_day(p_year, m) + interval '1 month' - interval '1 day')::date)
      INTO v_from, v_to FROM unnest(p_months) AS m;
  END IF;
  WITH days AS (
    SELECT d.day, d.points, d.minutes, d.steps, d.events, d.strava_minutes FROM scored_days d
     WHERE d.user_id = p_user AND d.day BETWEEN v_from AND v_to AND d.points > 0
       AND (p_months IS NULL OR extract(month FROM d.day)::smallint = ANY (p_months))
  ), months AS (
    SELECT extract(month FROM day)::smallint AS month, sum(points)::int AS points, sum(minutes)::int AS minutes,
           sum(steps)::int AS steps, sum(events)::int AS events, sum(strava_minutes)::int AS strava_minutes
      FROM days GROUP BY 1
  ), gone AS (
    DELETE FROM score_months sm WHERE sm.user_id = p_user AND sm.competition_year = p_year
       AND (p_months IS NULL OR sm.month = ANY (p_months))
       AND sm.month <> ALL (array(SELECT m.month FROM months m))
    RETURNING sm.month
  ), upserted AS (
    INSERT INTO score_months AS sm (user_id, competition_year, month, points, minutes, steps, events, level_of_competition, role, confirmed, strava_minutes)
    SELECT p_user, p_year, m.month, m.points, m.minutes, m.steps, m.events, v_level, v_role, v_confirmed, m.strava_minutes FROM months m
    ON CONFLICT (user_id, competition_year, month) DO UPDATE
       SET points = excluded.points, minutes = excluded.minutes, steps = excluded.steps, events = excluded.events,
           level_of_competition = excluded.level_of_competition, role = excluded.role, confirmed = excluded.confirmed, strava_minutes = excluded.strava_minutes
     WHERE (sm.points, sm.minutes, sm.steps, sm.events, sm.level_of_competition, sm.role, sm.confirmed, sm.strava_minutes)
           IS DISTINCT FROM (excluded.points, excluded.minutes, excluded.steps, excluded.events, excluded.level_of_competition, excluded.role, excluded.confirmed, excluded.strava_minutes)    RETURNING sm.month
  )
  SELECT max(day), array(SELECT u.month FROM upserted u UNION ALL SELECT g.month FROM gone g) INTO v_rescored_last, v_changed FROM days;

  -- The year's latest scoring day (the leaderboard's tie-break). It moves back only when the
  -- rescored months held it and lost it; then it is the latest day of the latest other month.
  v_last := v_rescored_last;
  IF p_months IS NOT NULL THEN
    SELECT sy.last_scored_on INTO v_old_last FROM score_years sy WHERE sy.user_id = p_user AND sy.competition_year = p_year;
    v_last := greatest(v_old_last, v_rescored_last);
    IF extract(month FROM v_old_last)::smallint = ANY (p_months) AND (v_rescored_last IS NULL OR v_rescored_last < v_old_last) THEN
      SELECT sm.month INTO v_other_month FROM score_months sm
       WHERE sm.user_id = p_user AND sm.competition_year = p_year AND sm.month <> ALL (p_months)
       ORDER BY (sm.month + 8) % 12 DESC LIMIT 1;
      v_last := greatest(v_rescored_last, (
        SELECT max(d.day) FROM scored_days d
         WHERE d.user_id = p_user AND d.points > 0
           AND d.day BETWEEN competition_month_first_day(p_year, v_other_month)
                         AND (competition_month_first_day(p_year, v_other_month) + interval '1 month' - interval '1 day')::date));
    END IF;
  END IF;

  IF v_last IS NULL THEN
    DELETE FROM score_years sy WHERE sy.user_id = p_user AND sy.competition_year = p_year;
  ELSE
    INSERT INTO score_years AS sy (user_id, competition_year, points, last_scored_on, level_of_competition)
    SELECT p_user, p_year, sum(sm.points), v_last, v_level FROM score_months sm WHERE sm.user_id = p_user AND sm.competition_year = p_year
    ON CONFLICT (user_id, competition_year) DO UPDATE
       SET points = excluded.points, last_scored_on = excluded.last_scored_on, level_of_competition = excluded.level_of_competition
     WHERE (sy.points, sy.last_scored_on, sy.level_of_competition)
           IS DISTINCT FROM (excluded.points, excluded.last_scored_on, excluded.level_of_competition);
  END IF;
  -- The months rescored whose row stayed as it was: one split between teams (server/db/functions/teams.sql)
  -- may still have moved points between its days, which the row trigger cannot see.
  v_unchanged := array(SELECT mo.month FROM unnest(coalesce(p_months, '{4,5,6,7,8,9,10,11,12,1,2,3}'::smallint[])) AS mo(month) WHERE mo.month <> ALL (v_changed));
  IF cardinality(v_unchanged) > 0 THEN
    PERFORM team_months_refresh(p_user, p_year, v_unchanged);
  END IF;
END
$$;

-- One user's whole competition year (bonuses, a level change).
CREATE OR REPLACE FUNCTION "rescore_user_year"(p_user integer, p_year integer) RETURNS void LANGUAGE sql AS $$
  SELECT rescore_user_months(p_user, p_year, NULL)
$$;

-- Rebuilds every score row of the competition years p_from..p_to from the source rows, in
-- set-based statements (a change of scoring values, `npm run scores:rebuild`). Readers keep seeing
-- the old rows until the transaction commits; writers wait for it (scoring_write_lock). Returns the
-- number of score_years rows written.
CREATE OR REPLACE FUNCTION "rebuild_scores"(p_from integer, p_to integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  written integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('scoring_rebuild'));
  -- The insight_months and team_months row triggers stand aside; both are recomputed once at the end.
  PERFORM set_config('wellness.scores_rebuilding', 'on', true);
  DELETE FROM score_months WHERE competition_year BETWEEN p_from AND p_to;
  DELETE FROM score_years WHERE competition_year BETWEEN p_from AND p_to;
  INSERT INTO score_months (user_id, competition_year, month, points, minutes, steps, events, level_of_competition, role, confirmed, strava_minutes)
  SELECT m.user_id, m.year, m.month, m.points, m.minutes, m.steps, m.events, competition_level(m.user_id, m.year), u.role, u.email_confirmed_at IS NOT NULL, m.strava_minutes
    FROM (SELECT d.user_id, competition_year_of(d.day) AS year, extract(month FROM d.day)::smallint AS month, sum(d.points)::int AS points,
                 sum(d.minutes)::int AS minutes, sum(d.steps)::int AS steps, sum(d.events)::int AS events, sum(d.strava_minutes)::int AS strava_minutes
            FROM scored_days d
           WHERE d.day BETWEEN competition_year_first_day(p_from) AND competition_year_last_day(p_to) AND d.points > 0
           GROUP BY 1, 2, 3) m
    JOIN users u ON u.id = m.user_id;
  INSERT INTO score_years (user_id, competition_year, points, last_scored_on, level_of_competition)
  SELECT y.user_id, y.year, y.points, y.last_day, competition_level(y.user_id, y.year)
    FROM (SELECT d.user_id, competition_year_of(d.day) AS year, sum(d.points)::int AS points, max(d.day) AS last_day
            FROM scored_days d
           WHERE d.day BETWEEN competition_year_first_day(p_from) AND competition_year_last_day(p_to) AND d.points > 0
           GROUP BY 1, 2) y;
  GET DIAGNOSTICS written = ROW_COUNT;
  PERFORM insight_months_rebuild(p_from, p_to);
  PERFORM team_months_rebuild(p_from, p_to);
  PERFORM set_config('wellness.scores_rebuilding', 'off', true);
  RETURN written;
END
$$;
