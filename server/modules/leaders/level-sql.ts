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

/**
 * The level of the user aliased `userAlias` in year `year`, as a correlated expression: two
 * primary-key probes. Used where only a few users are looked at (the top-10 walk).
 */
export const levelInYear = (userAlias: string, year: number): SQL => {
  const u = sql.raw(userAlias);
  return sql`coalesce(
    (select ul.level_of_competition from user_levels ul where ul.user_id = ${u}.id and ul.competition_year <= ${year} order by ul.competition_year desc limit 1),
    (select ul.level_of_competition from user_levels ul where ul.user_id = ${u}.id order by ul.competition_year asc limit 1),
    ${u}.level_of_competition)`;
};
