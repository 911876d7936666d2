-- Re-appliable: run on every start AFTER the migrations, in one transaction (server/db/functions.ts).
-- The function bodies that keep the read models live here, so a fix is an edit of this file, never
-- of a committed migration. A change of a function's arguments or return type needs a DROP first.

-- The activity types of the contract (src/api/contract/activity.ts; a server test keeps both lists
-- equal): a stored title outside the list is answered with it as Other's otherName.
CREATE OR REPLACE FUNCTION "activity_type_known"(title text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT title = ANY (ARRAY['Aerobics', 'Barre', 'Boxing', 'Basketball Officiating', 'Circuit Training', 'Climbing', 'Cycling', 'Dancing', 'Elliptical', 'Golf', 'HIIT', 'Hiking', 'Martial Arts', 'Pilates', 'Rollerblading', 'Running', 'Skiing/Snowboarding', 'Spinning', 'Strength Training', 'Swimming', 'Team Sports', 'Tennis', 'Walking', 'Yoga', 'Other']::text[])
$$;

-- Rebuilds the month views of the given (user, day) pairs, each month once, as the JSON of the
-- contract's MonthActivities parts (the same fields and order as serialize.ts toActivity), compact
-- (row_to_json adds no spaces), since this text is sent on every dashboard load.
-- Users being deleted are skipped: their views go with them (on delete cascade). PL/pgSQL, so the
-- statement's plan is cached per connection (an SQL function is planned again on every call).
CREATE OR REPLACE FUNCTION "month_views_refresh"(p_users integer[], p_days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO month_views (user_id, month, activities, steps, event_dates, minutes)
  SELECT k.user_id, k.month,
    (SELECT coalesce('[' || string_agg(row_to_json(r)::text, ',' ORDER BY a.start_at, a.id) || ']', '[]')
      FROM activities a CROSS JOIN LATERAL (SELECT
        a.id,
        a.name,
        CASE WHEN activity_type_known(a.name) THEN NULL ELSE a.name END AS "otherName",
        a.moving_time AS "movingTime",
        to_char(a.start_at AT TIME ZONE 'UTC', 'HH24:MI') AS "startTime",
        to_char(a.start_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "startDate",
        to_char(a.start_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "start",
        to_char((a.start_at + make_interval(mins => a.moving_time)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "end",
        a.name AS title,
        a.source,
        a.also_recorded_by AS "alsoRecordedBy") r
      WHERE a.user_id = k.user_id AND a.start_date BETWEEN k.month AND k.month_end),
    (SELECT coalesce('[' || string_agg(row_to_json(r)::text, ',' ORDER BY s.date, s.id) || ']', '[]')
      FROM daily_step_achievements s CROSS JOIN LATERAL (SELECT s.id, to_char(s.date, 'YYYY-MM-DD') AS date, true AS "isDailyStepsBonus") r
      WHERE s.user_id = k.user_id AND s.date BETWEEN k.month AND k.month_end),
    (SELECT coalesce('[' || string_agg(to_json(d.day)::text, ',' ORDER BY d.day) || ']', '[]')
      FROM (SELECT DISTINCT to_char(e.date, 'YYYY-MM-DD') AS day FROM event_participations e
             WHERE e.user_id = k.user_id AND e.date BETWEEN k.month AND k.month_end) d),
    (SELECT coalesce(sum(m.moving_time), 0)::integer
      FROM activities m WHERE m.user_id = k.user_id AND m.start_date BETWEEN k.month AND k.month_end)
  FROM (
    SELECT DISTINCT p.user_id, date_trunc('month', p.day)::date AS month, (date_trunc('month', p.day) + interval '1 month - 1 day')::date AS month_end
    FROM unnest(p_users, p_days) AS p(user_id, day)
  ) k
  JOIN users u ON u.id = k.user_id
  ON CONFLICT (user_id, month) DO UPDATE SET
    activities = excluded.activities, steps = excluded.steps, event_dates = excluded.event_dates, minutes = excluded.minutes;
END
$$;

-- Statement triggers: a bulk write (a tracker import, a seed) rebuilds each touched month once.
CREATE OR REPLACE FUNCTION "month_views_follow_activities"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM month_views_refresh(array_agg(user_id), array_agg(start_date)) FROM new_rows;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM month_views_refresh(array_agg(user_id), array_agg(start_date)) FROM old_rows;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "month_views_follow_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM month_views_refresh(array_agg(user_id), array_agg(date)) FROM new_rows;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM month_views_refresh(array_agg(user_id), array_agg(date)) FROM old_rows;
  END IF;
  RETURN NULL;
END
$$;

-- A truncate of any source table rebuilds every view from what is left.
CREATE OR REPLACE FUNCTION "month_views_rebuild"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM month_views;
  PERFORM month_views_refresh(array_agg(user_id), array_agg(day)) FROM (
    SELECT user_id, start_date AS day FROM activities
    UNION SELECT user_id, date FROM daily_step_achievements
    UNION SELECT user_id, date FROM event_participations
  ) rows;
  RETURN NULL;
END
$$;

-- An activity's other sources (migration 0019): the providers whose record of the same workout was
-- kept as a duplicate of it. The activity row changes, so its month view follows (the trigger above).
CREATE OR REPLACE FUNCTION "activities_sources_refresh"(p_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE activities a SET also_recorded_by = s.sources
  FROM (
    SELECT i.id, coalesce((SELECT array_agg(DISTINCT d.source ORDER BY d.source) FROM tracker_duplicates d WHERE d.activity_id = i.id), '{}'::text[]) AS sources
    FROM (SELECT DISTINCT unnest(p_ids) AS id) i
  ) s
  WHERE a.id = s.id AND a.also_recorded_by IS DISTINCT FROM s.sources;
END
$$;

CREATE OR REPLACE FUNCTION "activities_follow_duplicates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE activities SET also_recorded_by = '{}'::text[] WHERE also_recorded_by <> '{}'::text[];
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM activities_sources_refresh(array_agg(activity_id)) FROM new_rows;
  ELSE
    PERFORM activities_sources_refresh(array_agg(activity_id)) FROM old_rows;
  END IF;
  RETURN NULL;
END
$$;
