-- Re-appliable: run on every start AFTER the migrations, in one transaction (server/db/functions.ts).
-- The function bodies that keep the read models live here, so a fix is an edit of this file, never
-- of a committed migration. A change of a function's arguments or return type needs a DROP first.

-- The level a user competes in for a competition year (docs/product-rules.md#level-of-competition): that year's user_levels row,
-- else the latest earlier one, else the earliest, else users.level_of_competition. PL/pgSQL, so
-- the plan is cached per connection: every write's rescoring calls it, and an SQL function that
-- cannot be inlined is planned again on every call.
CREATE OR REPLACE FUNCTION "competition_level"(p_user_id integer, p_year integer) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce(
    (SELECT ul.level_of_competition FROM user_levels ul WHERE ul.user_id = p_user_id AND ul.competition_year <= p_year ORDER BY ul.competition_year DESC LIMIT 1),
    (SELECT ul.level_of_competition FROM user_levels ul WHERE ul.user_id = p_user_id ORDER BY ul.competition_year ASC LIMIT 1),
    (SELECT u.level_of_competition FROM users u WHERE u.id = p_user_id));
END
$$;

-- Keeps score_years.level_of_competition equal to competition_level() whenever a level changes,
-- whichever module changes it (signup, profile, admin update).
CREATE OR REPLACE FUNCTION "score_years_follow_level"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_user integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  UPDATE score_years SET level_of_competition = competition_level(user_id, competition_year) WHERE user_id = changed_user;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "score_years_follow_user_level"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE score_years SET level_of_competition = competition_level(user_id, competition_year) WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;

-- score_years.role/last_name/first_name copy the user's, so the admin leaders list reads one index
-- range in its order (points, last name, first name, user id). Filled on every insert, whichever
-- statement inserts (recomputeUserYear, rebuildAllScores, the list's missing-rows fill) ...
CREATE OR REPLACE FUNCTION "score_years_copy_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.role, u.last_name, u.first_name INTO NEW.role, NEW.last_name, NEW.first_name FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END
$$;

-- ... and followed when the user's role or name changes.
CREATE OR REPLACE FUNCTION "score_years_follow_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE score_years SET role = NEW.role, last_name = NEW.last_name, first_name = NEW.first_name WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;

-- A new user gets a score_years row (0 points, that year's level) for every filled year. The lock
-- orders this with the list's fill (leaders/year-rows.ts), so no user is missed by both.
CREATE OR REPLACE FUNCTION "score_years_for_new_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('score_year_fills'));
  INSERT INTO score_years (user_id, competition_year, points, last_scored_on, level_of_competition)
  SELECT NEW.id, f.competition_year, 0, NULL, competition_level(NEW.id, f.competition_year) FROM score_year_fills f
  ON CONFLICT (user_id, competition_year) DO NOTHING;
  RETURN NULL;
END
$$;

-- Removed score rows (a rebuild's truncate, a user's deletion) make every year unfilled again.
CREATE OR REPLACE FUNCTION "score_year_fills_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM score_year_fills;
  RETURN NULL;
END
$$;
