-- Replaceable SQL (docs/architecture.md#replaceable-sql): the admin leaders list's derived counts.
-- score_year_counts holds the score_years rows of each competition year by level ('' for none),
-- whatever the person's role (the list takes the few other accounts' rows away when it reads): the
-- list's count and whether anyone of the year has no score row come from it instead of a pass over
-- the year's 100,000 rows (docs/performance.md, "Hot reads at full size"). Migration 0042 filled it;
-- tests/server/leaders/score-year-counts.test.ts compares it with a count of score_years.
-- Each change of a count also gives its row a new stamp (migration 0044): the year's stamps and the
-- users' (admin-search.sql) say whether a search's count the API keeps still holds
-- (server/modules/leaders/service.ts; a broad search tests every employee: 35-50 ms at full size).

CREATE OR REPLACE FUNCTION "score_year_counts_add"(p_year smallint, p_level text, p_delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO score_year_counts AS c (competition_year, level_of_competition, scored) VALUES (p_year, coalesce(p_level, ''), p_delta)
  ON CONFLICT (competition_year, level_of_competition) DO UPDATE SET scored = c.scored + excluded.scored, stamp = gen_random_uuid();
END
$$;

-- A row trigger: a score row is inserted when a person first scores in a year and deleted when they
-- lose their last scoring day (or their account); a rescoring's update of the points changes no
-- count and returns at once. A level change moves one from a level to another, the two counts
-- taken in level order (one lock order for two writers moving people between the same levels).
CREATE OR REPLACE FUNCTION "score_year_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.competition_year = NEW.competition_year AND OLD.level_of_competition IS NOT DISTINCT FROM NEW.level_of_competition THEN
      RETURN NULL;
    END IF;
    PERFORM score_year_counts_add(m.year, m.level, m.delta)
       FROM (VALUES (OLD.competition_year, coalesce(OLD.level_of_competition, ''), -1), (NEW.competition_year, coalesce(NEW.level_of_competition, ''), 1)) m(year, level, delta)
      ORDER BY m.year, m.level;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM score_year_counts_add(NEW.competition_year, NEW.level_of_competition, 1);
  ELSE
    PERFORM score_year_counts_add(OLD.competition_year, OLD.level_of_competition, -1);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "score_years_counts" AFTER INSERT OR DELETE OR UPDATE OF competition_year, level_of_competition ON "score_years" FOR EACH ROW EXECUTE FUNCTION score_year_counts_follow();
CREATE OR REPLACE TRIGGER "score_years_counts_truncate" AFTER TRUNCATE ON "score_years" FOR EACH STATEMENT EXECUTE FUNCTION derived_table_clear('score_year_counts');
