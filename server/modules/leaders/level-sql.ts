import { sql, type SQL } from 'drizzle-orm';

/**
 * `(user_id, level)` of every user with user_levels rows, for competition year `year` (DESIGN 4:
 * kept per year): the row of that year, else the latest earlier one, else the earliest one. One
 * ordered pass over user_levels (DISTINCT ON), so a list of thousands costs one scan, not a
 * sub-query per user. Users without any row fall back to users.level_of_competition (coalesce).
 */
export const levelsInYear = (year: number): SQL => sql`
  select distinct on (user_id) user_id, level_of_competition as level
    from user_levels
   order by user_id, (competition_year > ${year}), case when competition_year <= ${year} then -competition_year else competition_year end`;

