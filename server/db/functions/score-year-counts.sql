-- Re-appliable: run on every start AFTER the migrations, in one transaction (server/db/functions.ts).
-- The function bodies that keep the read models live here, so a fix is an edit of this file, never
-- of a committed migration. A change of a function's arguments or return type needs a DROP first.

-- Net change per (year, level) of the rows a statement touched: -1 for each old row of an employee,
-- +1 for each new one. Only level or role changes, inserts and deletes leave a non-zero net.
CREATE OR REPLACE FUNCTION "score_year_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;
