import { and, eq, sql } from 'drizzle-orm';
import type { LevelOfCompetition } from '@/contract/common';
import { competitionYearOf } from '@/domain/competition';
import type { Db } from '../../../server/db/client';
import { rowsOf } from '../../../server/db/rows';
import { activities, userLevels, users } from '../../../server/db/schema';
import { rebuildScores, rescoreUserYear } from '../../../server/modules/scoring/repo';
import { createTestApp } from '../helpers/test-app';
import { randomOf } from '../helpers/seeded-random';
import { addUser, logActivity, logSteps } from '../helpers/competition-seed';

/*
 * score_year_counts (server/db/functions/leaders.sql) is the admin leaders list's count of each
 * year's score rows by level, kept by a row trigger on score_years. After every step of a seeded
 * random sequence of writes (a first and a further scoring day, a level change rescored, a day
 * removed, an account deleted, a rebuild) it equals the same count made from score_years.
 */

const levels: LevelOfCompetition[] = ['Beginner', 'Intermediate', 'Advanced', 'Elite'];

/** The kept counts, rows at 0 left out (a count that went back to 0 keeps its row). */
const keptCounts = async (db: Db) =>
  rowsOf<{ year: number; level: string; scored: number }>(
    await db.execute(sql`select competition_year as year, level_of_competition as level, scored from score_year_counts where scored <> 0 order by 1, 2`),
  );

const countedFromRows = async (db: Db) =>
  rowsOf<{ year: number; level: string; scored: number }>(
    await db.execute(sql`select competition_year as year, coalesce(level_of_competition, '') as level, count(*)::int as scored from score_years group by 1, 2 order by 1, 2`),
  );

test('score_year_counts equals a count of score_years after every step of random writes', async () => {
  const ctx = await createTestApp({ now: '2026-11-22T10:00:00Z' });
  const { db } = ctx;
  const random = randomOf(41);
  const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const days = ['2025-05-02', '2025-12-30', '2026-03-31', '2026-04-01', '2026-07-14', '2026-11-20'];
  const ids: number[] = [];
  const steps: string[] = [];
  const check = async (step: string) => {
    steps.push(step);
    expect(await keptCounts(db), steps.join(' > ')).toEqual(await countedFromRows(db));
  };

  await check('empty');
  for (let step = 0; step < 80; step += 1) {
    const kind = ids.length < 4 ? 0 : Math.floor(random() * 6);
    if (kind === 0) {
      const person = await addUser(db, { role: random() < 0.15 ? 'admin' : 'user', level: pick(levels) });
      ids.push(person.id);
      await check(`add ${person.id}`);
    } else if (kind === 1 || kind === 2) {
      const id = pick(ids);
      const day = pick(days);
      await (random() < 0.5 ? logActivity(db, id, day, 10 + Math.floor(random() * 50)) : logSteps(db, id, day).catch(() => undefined));
      await check(`score ${id} on ${day}`);
    } else if (kind === 3) {
      // A level of a year, rescored as the admin update does: the year's row moves to that level.
      const id = pick(ids);
      const year = competitionYearOf(pick(days));
      const level = pick(levels);
      await db.insert(userLevels).values({ userId: id, competitionYear: year, levelOfCompetition: level }).onConflictDoUpdate({ target: [userLevels.userId, userLevels.competitionYear], set: { levelOfCompetition: level } });
      await rescoreUserYear(db, id, year);
      await check(`level ${level} for ${id} in ${year}`);
    } else if (kind === 4) {
      // A day's activities removed: the year's row goes when it held the last scoring day.
      const id = pick(ids);
      const day = pick(days);
      await db.delete(activities).where(and(eq(activities.userId, id), eq(activities.startDate, day)));
      await rescoreUserYear(db, id, competitionYearOf(day));
      await check(`remove ${id} on ${day}`);
    } else {
      const id = ids.splice(Math.floor(random() * ids.length), 1)[0]!;
      await db.delete(users).where(eq(users.id, id));
      await check(`delete ${id}`);
    }
    if (step === 50) {
      await rebuildScores(db, 2000, 2100);
      await check('rebuild');
    }
  }
  await ctx.app.close();
});
