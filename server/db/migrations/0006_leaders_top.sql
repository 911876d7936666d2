CREATE TABLE "leaders_top" (
	"competition_year" smallint PRIMARY KEY NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "leaders_top_level"(p_year smallint, p_level text) RETURNS json LANGUAGE sql STABLE AS $$
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
--> statement-breakpoint
-- Rebuilds the TopLeaders JSON of the given competition years: per level (contract order), the ten
-- users (role user) with points > 0, more points first, ties by the earlier last scoring day, then
-- user id; the same range of score_years_year_level_points_idx as server/modules/leaders/repo.ts.
CREATE FUNCTION "leaders_top_refresh"(p_years smallint[]) RETURNS void LANGUAGE sql AS $$
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
$$;--> statement-breakpoint
-- Only rows with points can be among the leaders: the 0-point rows of a year's fill or of a new
-- user change nothing here.
CREATE FUNCTION "leaders_top_follow_scores"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM leaders_top_refresh(array_agg(DISTINCT competition_year)) FROM new_rows WHERE points > 0;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM leaders_top_refresh(array_agg(DISTINCT competition_year)) FROM old_rows WHERE points > 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Empties the derived table named by the trigger's argument when its source is truncated
-- (also used by migration 0008).
CREATE FUNCTION "derived_table_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DELETE FROM %I', TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Names and role reach score_years through the trigger of migration 0003; the picture does not.
CREATE FUNCTION "leaders_top_follow_picture"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM leaders_top_refresh(array_agg(DISTINCT sy.competition_year))
     FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN score_years sy ON sy.user_id = n.id
    WHERE n.profile_picture IS DISTINCT FROM o.profile_picture AND sy.points > 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "score_years_leaders_top_insert" AFTER INSERT ON "score_years" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaders_top_follow_scores();--> statement-breakpoint
CREATE TRIGGER "score_years_leaders_top_update" AFTER UPDATE ON "score_years" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaders_top_follow_scores();--> statement-breakpoint
CREATE TRIGGER "score_years_leaders_top_delete" AFTER DELETE ON "score_years" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION leaders_top_follow_scores();--> statement-breakpoint
CREATE TRIGGER "score_years_leaders_top_truncate" AFTER TRUNCATE ON "score_years" FOR EACH STATEMENT EXECUTE FUNCTION derived_table_clear('leaders_top');--> statement-breakpoint
CREATE TRIGGER "users_leaders_top_picture" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaders_top_follow_picture();--> statement-breakpoint
SELECT leaders_top_refresh(array_agg(DISTINCT competition_year)) FROM score_years WHERE points > 0;
