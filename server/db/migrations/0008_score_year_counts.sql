CREATE TABLE "score_year_counts" (
	"competition_year" smallint NOT NULL,
	"level_of_competition" text NOT NULL,
	"employees" integer NOT NULL,
	CONSTRAINT "score_year_counts_competition_year_level_of_competition_pk" PRIMARY KEY("competition_year","level_of_competition")
);
--> statement-breakpoint
-- Net change per (year, level) of the rows a statement touched: -1 for each old row of an employee,
-- +1 for each new one. Only level or role changes, inserts and deletes leave a non-zero net.
CREATE FUNCTION "score_year_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO score_year_counts AS c (competition_year, level_of_competition, employees)
    SELECT competition_year, coalesce(level_of_competition, ''), count(*) FROM new_rows WHERE role = 'user' GROUP BY 1, 2
    ON CONFLICT (competition_year, level_of_competition) DO UPDATE SET employees = c.employees + excluded.employees;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO score_year_counts AS c (competition_year, level_of_competition, employees)
    SELECT competition_year, coalesce(level_of_competition, ''), -count(*) FROM old_rows WHERE role = 'user' GROUP BY 1, 2
    ON CONFLICT (competition_year, level_of_competition) DO UPDATE SET employees = c.employees + excluded.employees;
  ELSE
    INSERT INTO score_year_counts AS c (competition_year, level_of_competition, employees)
    SELECT d.competition_year, d.level, sum(d.delta) FROM (
      SELECT competition_year, coalesce(level_of_competition, '') AS level, -1 AS delta FROM old_rows WHERE role = 'user'
      UNION ALL
      SELECT competition_year, coalesce(level_of_competition, ''), 1 FROM new_rows WHERE role = 'user'
    ) d GROUP BY 1, 2 HAVING sum(d.delta) <> 0
    ON CONFLICT (competition_year, level_of_competition) DO UPDATE SET employees = c.employees + excluded.employees;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "score_years_counts_insert" AFTER INSERT ON "score_years" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION score_year_counts_follow();--> statement-breakpoint
CREATE TRIGGER "score_years_counts_update" AFTER UPDATE ON "score_years" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION score_year_counts_follow();--> statement-breakpoint
CREATE TRIGGER "score_years_counts_delete" AFTER DELETE ON "score_years" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION score_year_counts_follow();--> statement-breakpoint
CREATE TRIGGER "score_years_counts_truncate" AFTER TRUNCATE ON "score_years" FOR EACH STATEMENT EXECUTE FUNCTION derived_table_clear('score_year_counts');--> statement-breakpoint
INSERT INTO score_year_counts (competition_year, level_of_competition, employees)
SELECT competition_year, coalesce(level_of_competition, ''), count(*) FROM score_years WHERE role = 'user' GROUP BY 1, 2;
