-- Re-appliable: run on every start AFTER the migrations, in one transaction (server/db/functions.ts).
-- The function bodies that keep the read models live here, so a fix is an edit of this file, never
-- of a committed migration. A change of a function's arguments or return type needs a DROP first.

-- score_year_words is the join of score_years (employees: role 'user', with a level) and
-- user_search_words on user_id, kept from both sides. Either side's new rows are joined with the
-- other side as it stands, so rows inserted on both sides in one transaction meet exactly once.

-- score_years rows inserted (a year's fill, a rescoring's first row, a new user) or deleted.
CREATE OR REPLACE FUNCTION "score_year_words_follow_years"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO score_year_words (competition_year, level_of_competition, word, user_id)
    SELECT n.competition_year, n.level_of_competition, w.word, n.user_id
      FROM new_rows n JOIN user_search_words w ON w.user_id = n.user_id
     WHERE n.role = 'user' AND n.level_of_competition IS NOT NULL
    ON CONFLICT DO NOTHING;
  ELSE
    DELETE FROM score_year_words s USING old_rows o WHERE s.user_id = o.user_id AND s.competition_year = o.competition_year;
  END IF;
  RETURN NULL;
END
$$;

-- One score_years row whose level or role changed (a row trigger whose WHEN skips the rescoring's
-- points updates, so writes of activities never reach it).
CREATE OR REPLACE FUNCTION "score_year_words_follow_level"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM score_year_words WHERE user_id = NEW.user_id AND competition_year = NEW.competition_year;
  IF NEW.role = 'user' AND NEW.level_of_competition IS NOT NULL THEN
    INSERT INTO score_year_words (competition_year, level_of_competition, word, user_id)
    SELECT NEW.competition_year, NEW.level_of_competition, w.word, NEW.user_id FROM user_search_words w WHERE w.user_id = NEW.user_id
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

-- An employee's words inserted or deleted (sign-up, a rename or new e-mail, a deletion).
CREATE OR REPLACE FUNCTION "score_year_words_follow_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO score_year_words (competition_year, level_of_competition, word, user_id)
    SELECT sy.competition_year, sy.level_of_competition, n.word, n.user_id
      FROM new_rows n JOIN score_years sy ON sy.user_id = n.user_id
     WHERE sy.role = 'user' AND sy.level_of_competition IS NOT NULL
    ON CONFLICT DO NOTHING;
  ELSE
    DELETE FROM score_year_words s USING old_rows o WHERE s.user_id = o.user_id AND s.word = o.word;
  END IF;
  RETURN NULL;
END
$$;
