-- Re-appliable: run on every start AFTER the migrations, in one transaction (server/db/functions.ts).
-- The function bodies that keep the read models live here, so a fix is an edit of this file, never
-- of a committed migration. A change of a function's arguments or return type needs a DROP first.

-- The ten leaders of one year and level, as user ids, in the list's order: the users (role user)
-- with points > 0, more points first, ties by the earlier last scoring day, then user id; one range
-- of score_years_year_level_points_idx, as in server/modules/leaders/repo.ts. PL/pgSQL, so the plan
-- is cached per connection (an SQL function is planned again on every call).
CREATE OR REPLACE FUNCTION "leaders_top_ids"(p_year smallint, p_level text) RETURNS integer[] LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN ARRAY(
    SELECT sy.user_id
      FROM score_years sy JOIN users u ON u.id = sy.user_id
     WHERE sy.competition_year = p_year AND sy.level_of_competition = p_level AND sy.points > 0 AND u.role = 'user' AND u.email_confirmed_at IS NOT NULL
     ORDER BY sy.points DESC NULLS LAST, sy.last_scored_on ASC NULLS LAST, sy.user_id ASC
     LIMIT 10);
END
$$;

-- Those ten leaders as the contract's TopLeaders entries.
CREATE OR REPLACE FUNCTION "leaders_top_level"(p_year smallint, p_level text) RETURNS json LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_object(
        'userId', t.user_id,
        'firstName', t.first_name,
        'lastName', t.last_name,
        'profilePicture', CASE WHEN t.profile_picture IS NULL THEN NULL ELSE '/api/uploads/' || t.profile_picture END,
        'annualPoints', t.points
      ) ORDER BY t.points DESC, t.last_scored_on ASC NULLS LAST, t.user_id ASC), '[]'::json)
    FROM (
      SELECT sy.user_id, u.first_name, u.last_name, u.profile_picture, sy.points, sy.last_scored_on
        FROM score_years sy JOIN users u ON u.id = sy.user_id
       WHERE sy.competition_year = p_year AND sy.level_of_competition = p_level AND sy.points > 0 AND u.role = 'user' AND u.email_confirmed_at IS NOT NULL
       ORDER BY sy.points DESC NULLS LAST, sy.last_scored_on ASC NULLS LAST, sy.user_id ASC
       LIMIT 10
    ) t);
END
$$;

-- Rebuilds the whole TopLeaders JSON of the given competition years (per level, contract order).
CREATE OR REPLACE FUNCTION "leaders_top_refresh"(p_years smallint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leaders_top (competition_year, body)
  SELECT y.year, json_build_object(
      'Beginner', leaders_top_level(y.year, 'Beginner'),
      'Intermediate', leaders_top_level(y.year, 'Intermediate'),
      'Advanced', leaders_top_level(y.year, 'Advanced'),
      'Elite', leaders_top_level(y.year, 'Elite'))::text
  FROM (SELECT DISTINCT unnest(p_years) AS year) y
  WHERE y.year IS NOT NULL
  ORDER BY y.year
  ON CONFLICT (competition_year) DO UPDATE SET body = excluded.body;
END
$$;

-- Rebuilds only the given levels of one year's JSON and keeps the others' text as stored: the
-- body is read once (json_each, in key order), each key and value put back in json_build_object's
-- format (tests/unit/leaders-top-incremental.test.ts compares the text with a full rebuild). The
-- row is written only when its text changes; a year without a row gets a full rebuild.
CREATE OR REPLACE FUNCTION "leaders_top_refresh_levels"(p_year smallint, p_levels text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  old_body text;
  new_body text;
BEGIN
  SELECT body INTO old_body FROM leaders_top WHERE competition_year = p_year;
  IF NOT FOUND THEN
    PERFORM leaders_top_refresh(ARRAY[p_year]);
    RETURN;
  END IF;
  SELECT '{' || string_agg(to_json(e.key)::text || ' : ' ||
           CASE WHEN e.key = ANY (p_levels) THEN leaders_top_level(p_year, e.key)::text ELSE e.value::text END, ', ' ORDER BY e.ord) || '}'
    INTO new_body
    FROM json_each(old_body::json) WITH ORDINALITY AS e(key, value, ord);
  IF new_body IS DISTINCT FROM old_body THEN
    UPDATE leaders_top SET body = new_body WHERE competition_year = p_year;
  END IF;
END
$$;

-- Whether a user is among the stored leaders of a year. A user has one score row per year, so they
-- are listed at most once, under the level of that row. The key "userId" followed by a colon
-- cannot occur inside a JSON string (its quotes would be escaped), so the match is exact; a regular
-- expression costs a tenth of parsing the body.
CREATE OR REPLACE FUNCTION "leaders_top_lists"(p_year smallint, p_user integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT t.body ~ ('"userId"\s*:\s*' || p_user || '\D') FROM leaders_top t WHERE t.competition_year = p_year), false)
$$;

-- Only a year and level where a changed row was listed (its old version) or is among the ten
-- leaders now (its new version) can have a different top ten: every other row of the list is
-- unchanged, so without such a row the same ten stay in the same order. Most writes (an employee
-- outside the top ten) therefore rewrite nothing here, and a change rebuilds its levels only. Rows
-- without points are never listed. A bulk statement (a rebuild, a level change of many rows)
-- rebuilds its years whole. One lock orders every change of the leaders, taken before they are
-- read: two employees' writes at once could otherwise each rebuild a list that misses the other's
-- (READ COMMITTED: after the lock, each statement here sees what the other committed).
CREATE OR REPLACE FUNCTION "leaders_top_follow_scores"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
  rows_with_points integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT count(*) INTO rows_with_points FROM old_rows WHERE points > 0;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO rows_with_points FROM new_rows WHERE points > 0;
  ELSE
    SELECT (SELECT count(*) FROM new_rows WHERE points > 0) + (SELECT count(*) FROM old_rows WHERE points > 0) INTO rows_with_points;
  END IF;
  IF rows_with_points = 0 THEN
    RETURN NULL;
  END IF;
  -- Lock order of every scoring write: insight_months years, then leaders_top. In one statement the
  -- score_years triggers may fire before the score_months ones (whose insight lock would then come
  -- second): taking the years' insight locks here first keeps one order, so writers never deadlock.
  IF TG_OP = 'DELETE' THEN
    PERFORM insight_months_lock(array_agg(o.competition_year)) FROM old_rows o;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM insight_months_lock(array_agg(n.competition_year)) FROM new_rows n;
  ELSE
    PERFORM insight_months_lock(array_agg(y.competition_year))
       FROM (SELECT competition_year FROM new_rows UNION SELECT competition_year FROM old_rows) y;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('leaders_top'));

  IF rows_with_points > 20 THEN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      PERFORM leaders_top_refresh(array_agg(DISTINCT competition_year)) FROM new_rows WHERE points > 0;
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      PERFORM leaders_top_refresh(array_agg(DISTINCT competition_year)) FROM old_rows WHERE points > 0;
    END IF;
    RETURN NULL;
  END IF;

  IF TG_OP = 'INSERT' THEN
    FOR changed IN
      SELECT n.competition_year AS year, array_agg(DISTINCT n.level_of_competition) AS levels FROM new_rows n
       WHERE n.points > 0 AND n.user_id = ANY (leaders_top_ids(n.competition_year, n.level_of_competition))
       GROUP BY 1
    LOOP
      PERFORM leaders_top_refresh_levels(changed.year, changed.levels);
    END LOOP;
  ELSIF TG_OP = 'UPDATE' THEN
    -- An old row whose new version is listed in the same level needs no second look.
    FOR changed IN
      WITH now_listed AS (
        SELECT n.competition_year, n.level_of_competition, n.user_id FROM new_rows n
         WHERE n.points > 0 AND n.user_id = ANY (leaders_top_ids(n.competition_year, n.level_of_competition))
      )
      SELECT c.year, array_agg(DISTINCT c.level) AS levels FROM (
        SELECT l.competition_year AS year, l.level_of_competition AS level FROM now_listed l
        UNION ALL
        SELECT o.competition_year, o.level_of_competition FROM old_rows o
         WHERE o.points > 0
           AND CASE WHEN EXISTS (SELECT 1 FROM now_listed l WHERE l.user_id = o.user_id AND l.competition_year = o.competition_year
                                                              AND l.level_of_competition IS NOT DISTINCT FROM o.level_of_competition)
                    THEN false ELSE leaders_top_lists(o.competition_year, o.user_id) END
      ) c GROUP BY 1
    LOOP
      PERFORM leaders_top_refresh_levels(changed.year, changed.levels);
    END LOOP;
  ELSE
    FOR changed IN
      SELECT o.competition_year AS year, array_agg(DISTINCT o.level_of_competition) AS levels FROM old_rows o
       WHERE o.points > 0 AND leaders_top_lists(o.competition_year, o.user_id)
       GROUP BY 1
    LOOP
      PERFORM leaders_top_refresh_levels(changed.year, changed.levels);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;

-- Empties the derived table named by the trigger's argument when its source is truncated
-- (also used by migration 0008).
CREATE OR REPLACE FUNCTION "derived_table_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DELETE FROM %I', TG_ARGV[0]);
  RETURN NULL;
END
$$;

-- Names and role reach score_years through the trigger of migration 0003; the picture and the
-- e-mail confirmation (unconfirmed accounts are listed nowhere) do not.
CREATE OR REPLACE FUNCTION "leaders_top_follow_picture"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.profile_picture IS DISTINCT FROM o.profile_picture OR n.email_confirmed_at IS DISTINCT FROM o.email_confirmed_at) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('leaders_top'));
  PERFORM leaders_top_refresh(array_agg(DISTINCT sy.competition_year))
     FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN score_years sy ON sy.user_id = n.id
    WHERE (n.profile_picture IS DISTINCT FROM o.profile_picture OR n.email_confirmed_at IS DISTINCT FROM o.email_confirmed_at) AND sy.points > 0;
  RETURN NULL;
END
$$;
