import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';


/**
 * Gives every user a score_years row for `year` (0 points, level competition_level(), names by the
 * trigger of migration 0003), so the admin list is one index range of score_years in its order.
 * Users without activity in a year have no row until this runs (a new year, a rebuild); it runs
 * once per year: score_year_fills records the filled years, new users get rows for them by
 * trigger, and removing score rows clears it (migration 0004). So a list call costs one primary-key
 * probe here. Past years are filled too, so past lists still show every employee with 0 points.
 */
export const ensureYearRows = async (db: DbOrTx, year: number) => {
  const filled = rowsOf<{ filled: boolean }>(await db.execute(sql`select exists (select 1 from score_year_fills where competition_year = ${year}) as filled`));
  if (filled[0]?.filled) return;
  await db.transaction(async (tx) => {
    // The same lock as the new-user trigger: a user inserted meanwhile is either seen here or
    // sees the filled year.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('score_year_fills'))`);
    await tx.execute(sql`
      insert into score_years (user_id, competition_year, points, last_scored_on, level_of_competition)
      select u.id, ${year}, 0, null, competition_level(u.id, ${year}) from users u
       where not exists (select 1 from score_years sy where sy.user_id = u.id and sy.competition_year = ${year})
      on conflict (user_id, competition_year) do nothing`);
    await tx.execute(sql`insert into score_year_fills (competition_year) values (${year}) on conflict do nothing`);
  });
};
