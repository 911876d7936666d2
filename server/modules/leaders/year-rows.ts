import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Gives every user a score_years row for `year` (0 points, level competition_level(), names by the
 * trigger of migration 0003), so the admin list is one index range of score_years in its order.
 * Users without activity in a year have no row until this runs (a new year, a new user, a rebuild).
 * The check is two index counts: score_years rows reference existing users (foreign key, one per
 * user and year), so equal counts mean nobody is missing; only then is the anti-join skipped.
 * Rows for past years are created too, so past lists still show every employee with 0 points.
 */
export const ensureYearRows = async (db: DbOrTx, year: number) => {
  const result = await db.execute(sql`
    select (select count(*) from users) > (select count(*) from score_years where competition_year = ${year}) as missing`);
  const rows = (Array.isArray(result) ? result : (result as { rows: Array<{ missing: boolean }> }).rows) as Array<{ missing: boolean }>;
  if (!rows[0]?.missing) return;
  await db.execute(sql`
    insert into score_years (user_id, competition_year, points, last_scored_on, level_of_competition)
    select u.id, ${year}, 0, null, competition_level(u.id, ${year}) from users u
     where not exists (select 1 from score_years sy where sy.user_id = u.id and sy.competition_year = ${year})
    on conflict (user_id, competition_year) do nothing`);
};
