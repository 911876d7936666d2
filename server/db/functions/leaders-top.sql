-- Re-appliable: run on every start AFTER the migrations, in one transaction (server/db/functions.ts).
-- The function bodies that keep the read models live here, so a fix is an edit of this file, never
-- of a committed migration. A change of a function's arguments or return type needs a DROP first.

CREATE OR REPLACE FUNCTION "leaders_top_level"(p_year smallint, p_level text) RETURNS json LANGUAGE sql STABLE AS $$
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
     WHERE sy.competition_year = p_year AND sy.level_of_competition = p_level AND sy.points > 0 AND u.role = 'user'
     ORDER BY sy.points DESC, sy.last_scored_on ASC NULLS LAST, sy.user_id ASC
     LIMIT 10
  ) t
$$;

-- Rebuilds the TopLeaders JSON of the given competition years: per level (contract order), the ten
-- users (role user) with points > 0, more points first, ties by the earlier last scoring day, then
-- user id; the same range of score_years_year_level_points_idx as server/modules/leaders/repo.ts.
CREATE OR REPLACE FUNCTION "leaders_top_refresh"(p_years smallint[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO leaders_top (competition_year, body)
  SELECT y.year, json_build_object(
      'Beginner', leaders_top_level(y.year, 'Beginner'),
      'Intermediate', leaders_top_level(y.year, 'Intermediate'),
      'Advanced', leaders_top_level(y.year, 'Advanced'),
      'Elite', leaders_top_level(y.year, 'Elite'))::text
  FROM (SELECT DISTINCT unnest(p_years) AS year) y
  WHERE y.year IS NOT NULL
  ORDER BY y.year
  ON CONFLICT (competition_year) DO UPDATE SET body = excluded.body
$$;

-- Only rows with points can be among the leaders: the 0-point rows of a year's fill or of a new
-- user change nothing here.
CREATE OR REPLACE FUNCTION "leaders_top_follow_scores"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM leaders_top_refresh(array_agg(DISTINCT competition_year)) FROM new_rows WHERE points > 0;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM leaders_top_refresh(array_agg(DISTINCT competition_year)) FROM old_rows WHERE points > 0;
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

-- Names and role reach score_years through the trigger of migration 0003; the picture does not.
CREATE OR REPLACE FUNCTION "leaders_top_follow_picture"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM leaders_top_refresh(array_agg(DISTINCT sy.competition_year))
     FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN score_years sy ON sy.user_id = n.id
    WHERE n.profile_picture IS DISTINCT FROM o.profile_picture AND sy.points > 0;
  RETURN NULL;
END
$$;
