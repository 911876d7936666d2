import { sql, type SQL } from 'drizzle-orm';

/**
 * The level of competition of user `u` in competition year `year` (DESIGN 4: kept per year):
 * the user_levels row of that year, else the latest earlier one, else the earliest one, else the
 * users row. Both look-ups are index-only probes on the primary key (user_id, competition_year).
 */
export const levelInYear = (userAlias: string, year: number): SQL => {
  const u = sql.raw(userAlias);
  return sql`coalesce(
    (select ul.level_of_competition from user_levels ul where ul.user_id = ${u}.id and ul.competition_year <= ${year} order by ul.competition_year desc limit 1),
    (select ul.level_of_competition from user_levels ul where ul.user_id = ${u}.id order by ul.competition_year asc limit 1),
    ${u}.level_of_competition)`;
};
