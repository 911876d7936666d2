-- The admin leaders list searched within one level of a year: the employees of that
-- year and level whose words start with a term, as one primary-key range. Function bodies (kept in
-- server/db/functions/score-year-words.sql, applied after the migrations) are repeated here so the
-- migration runs on its own.
CREATE TABLE "score_year_words" (
	"competition_year" smallint NOT NULL,
	"level_of_competition" text NOT NULL,
	"word" text COLLATE "C" NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "score_year_words_pk" PRIMARY KEY("competition_year","level_of_competition","word","user_id")
);
--> statement-breakpoint
CREATE INDEX "score_year_words_user_idx" ON "score_year_words" USING btree ("user_id","competition_year");--> statement-breakpoint
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
$$;--> statement-breakpoint

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
$$;--> statement-breakpoint

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
$$;--> statement-breakpoint
CREATE TRIGGER "score_years_words_insert" AFTER INSERT ON "score_years" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION score_year_words_follow_years();--> statement-breakpoint
CREATE TRIGGER "score_years_words_delete" AFTER DELETE ON "score_years" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION score_year_words_follow_years();--> statement-breakpoint
CREATE TRIGGER "score_years_words_level" AFTER UPDATE OF "level_of_competition", "role" ON "score_years" FOR EACH ROW
  WHEN (OLD.level_of_competition IS DISTINCT FROM NEW.level_of_competition OR OLD.role IS DISTINCT FROM NEW.role) EXECUTE FUNCTION score_year_words_follow_level();--> statement-breakpoint
CREATE TRIGGER "score_years_words_truncate" AFTER TRUNCATE ON "score_years" FOR EACH STATEMENT EXECUTE FUNCTION derived_table_clear('score_year_words');--> statement-breakpoint
CREATE TRIGGER "user_search_words_years_insert" AFTER INSERT ON "user_search_words" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION score_year_words_follow_words();--> statement-breakpoint
CREATE TRIGGER "user_search_words_years_delete" AFTER DELETE ON "user_search_words" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION score_year_words_follow_words();--> statement-breakpoint
CREATE TRIGGER "user_search_words_years_truncate" AFTER TRUNCATE ON "user_search_words" FOR EACH STATEMENT EXECUTE FUNCTION derived_table_clear('score_year_words');--> statement-breakpoint
INSERT INTO score_year_words (competition_year, level_of_competition, word, user_id)
SELECT sy.competition_year, sy.level_of_competition, w.word, sy.user_id
  FROM score_years sy JOIN user_search_words w ON w.user_id = sy.user_id
 WHERE sy.role = 'user' AND sy.level_of_competition IS NOT NULL;
