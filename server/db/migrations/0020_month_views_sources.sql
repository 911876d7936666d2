-- Month views written before 0019 hold Activity JSON without "alsoRecordedBy" (the contract now
-- requires it): rewrite every month that lists activities, with month_views_refresh as of 0019
-- (server/db/functions/month-views.sql applies the same body again after the migrations).
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
$$;--> statement-breakpoint
SELECT month_views_refresh(array_agg(user_id), array_agg(month)) FROM month_views WHERE activities <> '[]';
