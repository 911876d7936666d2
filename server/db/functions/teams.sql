-- Replaceable SQL (docs/architecture.md#replaceable-sql): applied after the migrations whenever
-- this file changes (server/db/functions.ts). team_months (docs/architecture.md#derived-state-and-its-keepers):
-- per competition year, team and calendar month, what the leaderboard's people (employees with a
-- confirmed address) scored while in the team (docs/product-rules.md#teams: every scoring day
-- belongs to the team the employee was in that day).
--
-- An employee's month reaches team_months in one of two ways:
-- * a whole month: one membership covers it from its first to its last day. The month's points
--   are its score_months row, so the row trigger score_months_teams adds each change of the row
--   (OLD to NEW) to that team; nothing about the employee is stored.
-- * a split month: memberships cover part of it (a move, a join, a leave). Each team's share is
--   summed from the scored days of its memberships and stored in that team's row (movers), so it
--   can be taken back exactly: rescore_user_months recomputes the split months a write touched
--   (team_months_refresh; a split month's total may stay the same while its days move), and the
--   row trigger team_memberships_teams reassigns the months a membership change affects.
-- rebuild_scores() recomputes the table set-based (team_months_rebuild). Memberships change from
-- the clock's day on (server/modules/teams/membership.ts), so the memberships containing a
-- current month's last day are those containing today.
-- A change of a function's arguments or return type needs a DROP first.

-- The read-time functions of the first teams slice, replaced by team_months.
DROP FUNCTION IF EXISTS "team_span_months"(integer, integer, date, date);
DROP FUNCTION IF EXISTS "team_year_spans"(integer);

-- Whether the employee counts for teams (the leaderboard's people).
CREATE OR REPLACE FUNCTION "team_counted"(p_user integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT u.role = 'user' AND u.email_confirmed_at IS NOT NULL FROM users u WHERE u.id = p_user), false)
$$;

-- Every change of team_months in a competition year holds the lock insight_months changes hold:
-- a scoring write changes both, so one lock keeps one lock order (no deadlock between them).
-- (The key of insight_months_lock, taken directly: it runs inside every scoring write of a member.)
CREATE OR REPLACE FUNCTION "team_months_lock"(p_year integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('insight_months'), p_year);
END
$$;

-- A change of a team's team_months rows gives the team a new random stamp: the API keeps each
-- team's member points while the stamp it reads with them stays the same
-- (server/db/stamped-cache.ts). Random, not a counter: a database restored from
-- a dump restores no counter a reader could mistake for its own.
CREATE OR REPLACE FUNCTION "team_scores_changed"(p_team integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE teams SET scores_stamp = gen_random_uuid() WHERE id = p_team;
END
$$;

-- Adds a change to one row (created when missing, removed once it holds nothing). With p_mover,
-- that employee's stored share of the month becomes p_share (null: none).
CREATE OR REPLACE FUNCTION "team_months_add"(p_team integer, p_year integer, p_month integer, p_points integer, p_active integer, p_at_end integer,
                                            p_mover integer DEFAULT NULL, p_share jsonb DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_empty boolean;
BEGIN
  UPDATE team_months t
     SET points = t.points + p_points, active_members = t.active_members + p_active, active_at_end = t.active_at_end + p_at_end,
         movers = CASE WHEN p_mover IS NULL THEN t.movers
                       WHEN p_share IS NULL THEN t.movers - p_mover::text
                       ELSE t.movers || jsonb_build_object(p_mover::text, p_share) END
   WHERE t.competition_year = p_year AND t.team_id = p_team AND t.month = p_month
  RETURNING t.points = 0 AND t.active_members = 0 AND t.active_at_end = 0 AND t.movers = '{}'::jsonb INTO v_empty;
  IF NOT FOUND THEN
    IF p_points <> 0 OR p_active <> 0 OR p_at_end <> 0 OR p_share IS NOT NULL THEN
      INSERT INTO team_months (competition_year, team_id, month, points, active_members, active_at_end, movers)
      VALUES (p_year, p_team, p_month, p_points, p_active, p_at_end, CASE WHEN p_share IS NULL THEN '{}'::jsonb ELSE jsonb_build_object(p_mover::text, p_share) END);
    END IF;
  ELSIF v_empty THEN
    DELETE FROM team_months t WHERE t.competition_year = p_year AND t.team_id = p_team AND t.month = p_month;
  END IF;
  PERFORM team_scores_changed(p_team);
END
$$;

-- The year rows (month 0) hold the members: the leaderboard's people in the team on the year's
-- last day, an open membership lasting. A year without its row has the latest earlier one's (no
-- membership of the team changed since), so a new competition year needs no row to begin with.
-- team_members_row makes the row of year p_year with the figure it has so far.
CREATE OR REPLACE FUNCTION "team_members_row"(p_team integer, p_year integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_months (competition_year, team_id, month, members)
  SELECT p_year, p_team, 0, coalesce((SELECT t.members FROM team_months t WHERE t.team_id = p_team AND t.month = 0 AND t.competition_year < p_year
                                       ORDER BY t.competition_year DESC LIMIT 1), 0)
  ON CONFLICT DO NOTHING;
END
$$;

-- A counted person's membership [p_from, p_to) of a team added (p_sign 1) or taken away (-1): it
-- contains the last days of the years from its first day's year up to, not including, its end's year.
CREATE OR REPLACE FUNCTION "team_members_adjust"(p_team integer, p_from date, p_to date, p_sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_from_year integer := competition_year_of(p_from);
  v_to_year integer := competition_year_of(p_to);
BEGIN
  IF v_to_year IS NOT NULL AND v_to_year <= v_from_year THEN
    RETURN;
  END IF;
  PERFORM insight_months_lock(array(SELECT y::smallint FROM generate_series(v_from_year, coalesce(v_to_year,
    greatest(v_from_year, (SELECT max(t.competition_year) FROM team_months t WHERE t.team_id = p_team AND t.month = 0)))) y));
  -- Rows where the figure starts and stops changing, each with the figure it had.
  PERFORM team_members_row(p_team, v_from_year);
  IF v_to_year IS NOT NULL THEN
    PERFORM team_members_row(p_team, v_to_year);
  END IF;
  UPDATE team_months t SET members = t.members + p_sign
   WHERE t.team_id = p_team AND t.month = 0 AND t.competition_year >= v_from_year AND (v_to_year IS NULL OR t.competition_year < v_to_year);
  PERFORM team_scores_changed(p_team);
END
$$;

-- One employee's share of a split month for one team: [points, logged anything 0/1, logged
-- anything in the membership that lasts to the month's end 0/1] over the scored days of their
-- memberships of the team in the month; null when there is nothing (or they do not count).
CREATE OR REPLACE FUNCTION "team_month_share"(p_user integer, p_team integer, p_year integer, p_month integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_first date := competition_month_first_day(p_year, p_month);
  v_next date := (competition_month_first_day(p_year, p_month) + interval '1 month')::date;
  v_points integer;
  v_active boolean;
  v_at_end boolean;
BEGIN
  IF NOT team_counted(p_user) THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum(d.points), 0), coalesce(bool_or(d.active), false), coalesce(bool_or(d.active AND s.lasts), false)
    INTO v_points, v_active, v_at_end
    FROM (SELECT greatest(m.starts_on, v_first) AS from_day, least(coalesce(m.ends_on, v_next), v_next) AS to_day, m.ends_on IS NULL OR m.ends_on >= v_next AS lasts
            FROM team_memberships m
           WHERE m.user_id = p_user AND m.team_id = p_team AND m.starts_on < v_next AND (m.ends_on IS NULL OR m.ends_on > v_first)) s
    JOIN (SELECT sd.day, sd.points, sd.minutes + sd.steps + sd.events > 0 AS active FROM scored_days sd
           WHERE sd.user_id = p_user AND sd.points > 0 AND sd.day >= v_first AND sd.day < v_next) d
      ON d.day >= s.from_day AND d.day < s.to_day;
  IF v_points = 0 AND NOT v_active THEN
    RETURN NULL;
  END IF;
  RETURN jsonb_build_array(v_points, v_active::int, v_at_end::int);
END
$$;

-- Gives one employee's month to the teams of their memberships in it, taking back what the
-- memberships as they were gave: those as they are without the membership p_without and with the
-- span p_old_* (its row before a change); all null: as they are (a split month rescored).
CREATE OR REPLACE FUNCTION "team_months_reassign"(p_user integer, p_year integer, p_month integer,
                                                 p_without integer, p_old_team integer, p_old_from date, p_old_to date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_first date := competition_month_first_day(p_year, p_month);
  v_next date := (competition_month_first_day(p_year, p_month) + interval '1 month')::date;
  v_is_whole integer;
  v_is_teams integer[];
  v_was_whole integer;
  v_was_teams integer[];
  v_points integer := 0;
  v_active integer := 0;
  v_row score_months;
  v_share jsonb;
  r record;
BEGIN
  -- A whole month's team (one membership from its first to its last day), and every team of the month.
  SELECT max(m.team_id) FILTER (WHERE m.starts_on <= v_first AND (m.ends_on IS NULL OR m.ends_on >= v_next)), coalesce(array_agg(DISTINCT m.team_id), '{}')
    INTO v_is_whole, v_is_teams
    FROM team_memberships m
   WHERE m.user_id = p_user AND m.starts_on < v_next AND (m.ends_on IS NULL OR m.ends_on > v_first);
  IF p_without IS NULL AND p_old_team IS NULL THEN
    v_was_whole := v_is_whole;
    v_was_teams := v_is_teams;
  ELSE
    SELECT max(s.team_id) FILTER (WHERE s.starts_on <= v_first AND (s.ends_on IS NULL OR s.ends_on >= v_next)), coalesce(array_agg(DISTINCT s.team_id), '{}')
      INTO v_was_whole, v_was_teams
      FROM (SELECT m.team_id, m.starts_on, m.ends_on FROM team_memberships m WHERE m.user_id = p_user AND m.id IS DISTINCT FROM p_without
            UNION ALL
            SELECT p_old_team, p_old_from, p_old_to WHERE p_old_team IS NOT NULL) s
     WHERE s.starts_on < v_next AND (s.ends_on IS NULL OR s.ends_on > v_first);
  END IF;
  -- The same whole month, or no team before and after: nothing moves.
  IF v_was_whole IS NOT DISTINCT FROM v_is_whole AND (v_is_whole IS NOT NULL OR (v_was_teams = '{}' AND v_is_teams = '{}')) THEN
    RETURN;
  END IF;
  PERFORM team_months_lock(p_year);
  IF v_was_whole IS DISTINCT FROM v_is_whole THEN
    SELECT * INTO v_row FROM score_months sm WHERE sm.user_id = p_user AND sm.competition_year = p_year AND sm.month = p_month;
    IF FOUND AND v_row.role = 'user' AND v_row.confirmed THEN
      v_points := v_row.points;
      v_active := (v_row.minutes + v_row.steps + v_row.events > 0)::int;
    END IF;
    IF v_was_whole IS NOT NULL THEN
      PERFORM team_months_add(v_was_whole, p_year, p_month, -v_points, -v_active, -v_active);
    END IF;
    IF v_is_whole IS NOT NULL THEN
      PERFORM team_months_add(v_is_whole, p_year, p_month, v_points, v_active, v_active);
    END IF;
  END IF;
  -- Split shares: each stored one replaced by the one the memberships as they are give.
  FOR r IN
    SELECT x.team_id, (SELECT t.movers -> p_user::text FROM team_months t WHERE t.competition_year = p_year AND t.team_id = x.team_id AND t.month = p_month) AS stored
      FROM (SELECT DISTINCT unnest(v_was_teams || v_is_teams) AS team_id) x ORDER BY x.team_id
  LOOP
    v_share := CASE WHEN v_is_whole IS NULL AND r.team_id = ANY (v_is_teams) THEN team_month_share(p_user, r.team_id, p_year, p_month) END;
    IF r.stored IS DISTINCT FROM v_share THEN
      PERFORM team_months_add(r.team_id, p_year, p_month,
                              coalesce((v_share ->> 0)::int, 0) - coalesce((r.stored ->> 0)::int, 0),
                              coalesce((v_share ->> 1)::int, 0) - coalesce((r.stored ->> 1)::int, 0),
                              coalesce((v_share ->> 2)::int, 0) - coalesce((r.stored ->> 2)::int, 0),
                              p_user, v_share);
    END IF;
  END LOOP;
END
$$;

-- Row trigger on score_months: a whole month's change goes to its team; a split month's shares
-- are summed again. (A split month whose row stays as it was while its days move is left to
-- team_months_refresh, which the rescoring calls for such months.) A rebuild (rebuild_scores)
-- recomputes the table set-based instead and tells the trigger so through wellness.scores_rebuilding.
CREATE OR REPLACE FUNCTION "team_months_follow_score"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_row score_months;
  v_first date;
  v_team integer;
  v_points integer := 0;
  v_active integer := 0;
  v_empty boolean;
  v_spans integer;
BEGIN
  IF current_setting('wellness.scores_rebuilding', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- Nested IFs: OLD or NEW of an operation that has none must not even be read.
  IF TG_OP = 'DELETE' THEN
    v_row := OLD;
  ELSE
    v_row := NEW;
    IF NEW.role = 'user' AND NEW.confirmed THEN
      v_points := NEW.points;
      v_active := (NEW.minutes + NEW.steps + NEW.events > 0)::int;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF OLD.role = 'user' AND OLD.confirmed THEN
      v_points := v_points - OLD.points;
      v_active := v_active - (OLD.minutes + OLD.steps + OLD.events > 0)::int;
    END IF;
  END IF;
  -- The lock before the memberships are read: a membership change (team_memberships_teams takes it
  -- too) is then either committed and seen here, or waits and sees this row.
  PERFORM pg_advisory_xact_lock(hashtext('insight_months'), v_row.competition_year); -- team_months_lock, inline on this hot path
  v_first := competition_month_first_day(v_row.competition_year, v_row.month);
  SELECT max(m.team_id) FILTER (WHERE m.starts_on <= v_first AND (m.ends_on IS NULL OR m.ends_on >= (v_first + interval '1 month')::date)), count(*)
    INTO v_team, v_spans
    FROM team_memberships m
   WHERE m.user_id = v_row.user_id AND m.starts_on < (v_first + interval '1 month')::date AND (m.ends_on IS NULL OR m.ends_on > v_first);
  IF v_spans = 0 THEN
    RETURN NULL;
  END IF;
  IF v_team IS NULL THEN
    -- A split month: its shares summed again from the scored days.
    PERFORM team_months_reassign(v_row.user_id, v_row.competition_year, v_row.month, NULL, NULL, NULL, NULL);
    RETURN NULL;
  END IF;
  IF v_points = 0 AND v_active = 0 THEN
    RETURN NULL;
  END IF;
  -- team_months_add's usual case inline (the row is there and keeps something); the others through it.
  UPDATE team_months t SET points = t.points + v_points, active_members = t.active_members + v_active, active_at_end = t.active_at_end + v_active
   WHERE t.competition_year = v_row.competition_year AND t.team_id = v_team AND t.month = v_row.month
  RETURNING t.points = 0 AND t.active_members = 0 AND t.active_at_end = 0 AND t.movers = '{}'::jsonb INTO v_empty;
  IF NOT FOUND THEN
    PERFORM team_months_add(v_team, v_row.competition_year, v_row.month, v_points, v_active, v_active);
    RETURN NULL;
  ELSIF v_empty THEN
    DELETE FROM team_months t WHERE t.competition_year = v_row.competition_year AND t.team_id = v_team AND t.month = v_row.month;
  END IF;
  PERFORM team_scores_changed(v_team);
  RETURN NULL;
END
$$;

-- The employee's split months among p_months of competition year p_year, recomputed from their
-- scored days: rescore_user_months calls it for the months it rescored whose row stayed as it was
-- (a workout moved to another day of the month), which the row trigger never sees. A member takes
-- the year's lock first, so a membership change another transaction makes (an archived team) is
-- either seen by the second statement or sees this write.
CREATE OR REPLACE FUNCTION "team_months_refresh"(p_user integer, p_year integer, p_months smallint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_month smallint;
BEGIN
  -- The lock, only for someone with a membership in the year (one statement: this runs after every write).
  PERFORM pg_advisory_xact_lock(hashtext('insight_months'), p_year) FROM team_memberships m
   WHERE m.user_id = p_user AND m.starts_on <= competition_year_last_day(p_year) AND (m.ends_on IS NULL OR m.ends_on > competition_year_first_day(p_year))
   LIMIT 1;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  FOR v_month IN
    SELECT mo.month FROM unnest(p_months) AS mo(month)
     CROSS JOIN LATERAL (SELECT competition_month_first_day(p_year, mo.month) AS first_day, (competition_month_first_day(p_year, mo.month) + interval '1 month')::date AS next_first) b
     WHERE EXISTS (SELECT 1 FROM team_memberships m
                    WHERE m.user_id = p_user AND m.starts_on < b.next_first AND (m.ends_on IS NULL OR m.ends_on > b.first_day)
                      AND NOT (m.starts_on <= b.first_day AND (m.ends_on IS NULL OR m.ends_on >= b.next_first)))
     ORDER BY (mo.month + 8) % 12
  LOOP
    PERFORM team_months_reassign(p_user, p_year, v_month, NULL, NULL, NULL, NULL);
  END LOOP;
END
$$;

-- Row trigger on team_memberships: the year rows' members follow it, and the months a membership
-- change affects are reassigned, those
-- holding a first or last day of the membership as it was or is (split months) and those it
-- covers in which the employee has score rows (whole months). It waits while a rebuild runs. It
-- takes no lock per employee (an archived team of thousands would need thousands): the year's
-- lock (team_months_lock), which the rescoring of a member takes before it reads their memberships
-- (team_months_refresh), orders it with their writes.
CREATE OR REPLACE FUNCTION "team_months_follow_membership"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_user integer;
  v_id integer;
  v_new_from date;
  v_new_to date;
  v_old_team integer;
  v_old_from date;
  v_old_to date;
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    v_user := OLD.user_id;
  ELSE
    v_user := NEW.user_id;
    v_id := NEW.id;
    v_new_from := NEW.starts_on;
    v_new_to := NEW.ends_on;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    v_old_team := OLD.team_id;
    v_old_from := OLD.starts_on;
    v_old_to := OLD.ends_on;
  END IF;
  PERFORM scoring_write_lock();
  IF team_counted(v_user) THEN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      PERFORM team_members_adjust(OLD.team_id, OLD.starts_on, OLD.ends_on, -1);
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      PERFORM team_members_adjust(NEW.team_id, NEW.starts_on, NEW.ends_on, 1);
    END IF;
  END IF;
  FOR r IN
    SELECT DISTINCT competition_year_of(x.first_day) AS year, extract(month FROM x.first_day)::int AS month
      FROM (SELECT b - extract(day FROM b)::int + 1 AS first_day FROM unnest(ARRAY[v_old_from, v_old_to, v_new_from, v_new_to]) b WHERE b IS NOT NULL
            UNION ALL
            SELECT competition_month_first_day(sm.competition_year, sm.month) FROM score_months sm
             WHERE sm.user_id = v_user
               AND ((v_old_from IS NOT NULL AND competition_month_first_day(sm.competition_year, sm.month) < coalesce(v_old_to, 'infinity')
                     AND competition_month_first_day(sm.competition_year, sm.month) + interval '1 month' > v_old_from)
                 OR (v_new_from IS NOT NULL AND competition_month_first_day(sm.competition_year, sm.month) < coalesce(v_new_to, 'infinity')
                     AND competition_month_first_day(sm.competition_year, sm.month) + interval '1 month' > v_new_from))) x
     ORDER BY 1, 2
  LOOP
    PERFORM team_months_reassign(v_user, r.year, r.month, v_id, v_old_team, v_old_from, v_old_to);
  END LOOP;
  RETURN NULL;
END
$$;

-- Row trigger before an account is deleted: its memberships go first, while its score_months rows
-- still say what its whole months gave. (The deletes of a cascade fire their row triggers only
-- after all of them are done, when neither the memberships nor the score rows are left to read.)
CREATE OR REPLACE FUNCTION "team_months_leave_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_memberships m WHERE m.user_id = OLD.id;
  RETURN OLD;
END
$$;

-- Row trigger on users, when someone joins or leaves the leaderboard's people (an address
-- confirmed): their memberships join or leave the members. (Their months follow the rescoring that
-- a confirmation runs: scoringService().rescoreConfirmed.)
CREATE OR REPLACE FUNCTION "team_members_follow_user"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT m.team_id, m.starts_on, m.ends_on FROM team_memberships m WHERE m.user_id = NEW.id ORDER BY m.starts_on LOOP
    PERFORM team_members_adjust(r.team_id, r.starts_on, r.ends_on,
                                CASE WHEN NEW.role = 'user' AND NEW.email_confirmed_at IS NOT NULL THEN 1 ELSE -1 END);
  END LOOP;
  RETURN NULL;
END
$$;

-- The rows of the competition years p_from..p_to recomputed from the memberships, score_months
-- and the scored days of split months (rebuild_scores, after score_months is rebuilt); the year
-- rows of every team, so later years keep their figures.
CREATE OR REPLACE FUNCTION "team_months_rebuild"(p_from integer, p_to integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_months WHERE competition_year BETWEEN p_from AND p_to;
  INSERT INTO team_months (competition_year, team_id, month, points, active_members, active_at_end, movers)
  WITH months AS (
    SELECT y AS year, mo::smallint AS month, competition_month_first_day(y, mo) AS first_day, (competition_month_first_day(y, mo) + interval '1 month')::date AS next_first
      FROM generate_series(p_from, p_to) y, generate_series(1, 12) mo
  ), spans AS (
    SELECT m.user_id, m.team_id, mo.year, mo.month, greatest(m.starts_on, mo.first_day) AS from_day, least(coalesce(m.ends_on, mo.next_first), mo.next_first) AS to_day,
           m.ends_on IS NULL OR m.ends_on >= mo.next_first AS lasts, m.starts_on <= mo.first_day AND (m.ends_on IS NULL OR m.ends_on >= mo.next_first) AS whole
      FROM team_memberships m JOIN months mo ON m.starts_on < mo.next_first AND (m.ends_on IS NULL OR m.ends_on > mo.first_day)
  ), whole AS (
    SELECT s.team_id, s.year, s.month, sm.points, (sm.minutes + sm.steps + sm.events > 0)::int AS active
      FROM spans s JOIN score_months sm ON sm.user_id = s.user_id AND sm.competition_year = s.year AND sm.month = s.month
     WHERE s.whole AND sm.role = 'user' AND sm.confirmed
  ), shares AS (
    SELECT s.user_id, s.team_id, s.year, s.month, sum(d.points)::int AS points, bool_or(d.active)::int AS active, bool_or(d.active AND s.lasts)::int AS at_end
      FROM spans s
      JOIN users u ON u.id = s.user_id AND u.role = 'user' AND u.email_confirmed_at IS NOT NULL
     CROSS JOIN LATERAL (SELECT coalesce(sum(sd.points), 0) AS points, coalesce(bool_or(sd.minutes + sd.steps + sd.events > 0), false) AS active
                           FROM scored_days sd WHERE sd.user_id = s.user_id AND sd.points > 0 AND sd.day >= s.from_day AND sd.day < s.to_day) d
     WHERE NOT s.whole
     GROUP BY s.user_id, s.team_id, s.year, s.month
    HAVING sum(d.points) > 0 OR bool_or(d.active)
  ), gathered AS (
    SELECT team_id, year, month, points, active, active AS at_end, NULL::integer AS mover, NULL::jsonb AS share FROM whole
    UNION ALL
    SELECT team_id, year, month, points, active, at_end, user_id, jsonb_build_array(points, active, at_end) FROM shares
  )
  SELECT year, team_id, month, sum(points), sum(active), sum(at_end), coalesce(jsonb_object_agg(mover::text, share) FILTER (WHERE mover IS NOT NULL), '{}'::jsonb)
    FROM gathered GROUP BY year, team_id, month
  HAVING sum(points) <> 0 OR sum(active) <> 0 OR sum(at_end) <> 0 OR count(mover) > 0;
  -- Every team's year rows, each year's figure counted.
  INSERT INTO team_months (competition_year, team_id, month, members)
  SELECT y, t.id, 0, (SELECT count(*) FROM team_memberships m
                        WHERE m.team_id = t.id AND m.starts_on <= competition_year_last_day(y) AND (m.ends_on IS NULL OR m.ends_on > competition_year_last_day(y))
                          AND team_counted(m.user_id))
    FROM teams t, generate_series(p_from, p_to) y;
  UPDATE teams SET scores_stamp = gen_random_uuid();
END
$$;

-- team_months emptied with a source table (a TRUNCATE): every team's stamp changes with it.
CREATE OR REPLACE FUNCTION "team_months_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_months;
  UPDATE teams SET scores_stamp = gen_random_uuid();
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "score_months_teams" AFTER INSERT OR UPDATE OR DELETE ON "score_months" FOR EACH ROW EXECUTE FUNCTION team_months_follow_score();
CREATE OR REPLACE TRIGGER "score_months_teams_truncate" AFTER TRUNCATE ON "score_months" FOR EACH STATEMENT EXECUTE FUNCTION team_months_clear();
CREATE OR REPLACE TRIGGER "team_memberships_teams" AFTER INSERT OR UPDATE OR DELETE ON "team_memberships" FOR EACH ROW EXECUTE FUNCTION team_months_follow_membership();
CREATE OR REPLACE TRIGGER "team_memberships_teams_truncate" AFTER TRUNCATE ON "team_memberships" FOR EACH STATEMENT EXECUTE FUNCTION team_months_clear();
CREATE OR REPLACE TRIGGER "users_teams_leave" BEFORE DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION team_months_leave_account();
CREATE OR REPLACE TRIGGER "users_teams_counted" AFTER UPDATE OF role, email_confirmed_at ON "users" FOR EACH ROW
  WHEN ((OLD.role = 'user' AND OLD.email_confirmed_at IS NOT NULL) IS DISTINCT FROM (NEW.role = 'user' AND NEW.email_confirmed_at IS NOT NULL))
  EXECUTE FUNCTION team_members_follow_user();
