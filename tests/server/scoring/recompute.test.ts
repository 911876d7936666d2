import { sql } from 'drizzle-orm';
import { activities, dailyStepAchievements, eventParticipations, quarterlyBonuses, scoreMonths, scoreYears, users } from '../../../server/db/schema';
import { rebuildAllScores } from '../../../server/modules/scoring/rebuild-all';
import { recomputeUserYear } from '../../../server/modules/scoring/recompute';
import { defaultScoringRules } from '@/domain/scoring-rules';
import { createTestApp } from '../helpers/test-app';

const addUser = async (db: Awaited<ReturnType<typeof createTestApp>>['db'], email: string) => {
  const [row] = await db
    .insert(users)
    .values({ email, passwordHash: 'x', firstName: 'A', lastName: 'B', gender: 'female', levelOfCompetition: 'Beginner' })
    .returning();
  return row!.id;
};

const activity = (userId: number, day: string, movingTime: number) => ({ userId, name: 'Running', movingTime, startAt: new Date(`${day}T07:00:00Z`), startDate: day });

const scoreRows = async (db: Awaited<ReturnType<typeof createTestApp>>['db']) => ({
  months: (await db.select().from(scoreMonths).orderBy(scoreMonths.userId, scoreMonths.competitionYear, scoreMonths.month)).map((r) => [r.userId, r.competitionYear, r.month, r.points]),
  years: (await db.select().from(scoreYears).orderBy(scoreYears.userId, scoreYears.competitionYear)).map((r) => [r.userId, r.competitionYear, r.points, r.lastScoredOn]),
});

test('recomputeUserYear rebuilds months and year from the rows (hand-computed)', async () => {
  const { app, db } = await createTestApp();
  const id = await addUser(db, 'a@example.com');
  await db.insert(activities).values([
    activity(id, '2026-04-01', 30),
    activity(id, '2026-04-01', 15),
    activity(id, '2026-11-20', 40),
    activity(id, '2026-03-31', 999), // previous competition year: not counted in 2026
  ]);
  await db.insert(dailyStepAchievements).values([{ userId: id, date: '2026-11-21' }]);
  await db.insert(eventParticipations).values([
    { userId: id, name: '10k', date: '2026-05-10', isInTheTopThree: true },
    { userId: id, name: '5k', date: '2026-11-02', isInTheTopThree: false },
  ]);
  await db.insert(quarterlyBonuses).values({ userId: id, competitionYear: 2026, secondQuarter: true });

  await recomputeUserYear(db, id, 2026, defaultScoringRules);
  // April 45, May 90, Sept 250 (Q2 flag on 30 Sept), Nov 40 + 30 + 60 = 130; total 515.
  expect(await scoreRows(db)).toEqual({
    months: [
      [id, 2026, 4, 45],
      [id, 2026, 5, 90],
      [id, 2026, 9, 250],
      [id, 2026, 11, 130],
    ],
    years: [[id, 2026, 515, '2026-11-21']],
  });

  // Running it again changes nothing ("exactly once"); removing a row takes its points away.
  await recomputeUserYear(db, id, 2026, defaultScoringRules);
  await db.execute(sql`delete from event_participations where name = '10k'`);
  await recomputeUserYear(db, id, 2026, defaultScoringRules);
  expect((await scoreRows(db)).years).toEqual([[id, 2026, 425, '2026-11-21']]);

  await recomputeUserYear(db, id, 2025, defaultScoringRules);
  expect((await scoreRows(db)).years).toEqual([
    [id, 2025, 999, '2026-03-31'],
    [id, 2026, 425, '2026-11-21'],
  ]);
  await app.close();
});

test('the optional daily cap limits counted minutes per day; rebuildAllScores agrees with recompute', async () => {
  const { app, db } = await createTestApp();
  const a = await addUser(db, 'a@example.com');
  const b = await addUser(db, 'b@example.com');
  await db.insert(activities).values([activity(a, '2026-06-01', 100), activity(a, '2026-06-01', 50), activity(b, '2025-12-01', 20), activity(b, '2026-04-02', 10)]);
  await db.insert(quarterlyBonuses).values({ userId: b, competitionYear: 2025, fourthQuarter: true });

  await recomputeUserYear(db, a, 2026, { ...defaultScoringRules, dailyMinutesCap: 120 });
  expect((await scoreRows(db)).years).toEqual([[a, 2026, 120, '2026-06-01']]);

  for (const [user, year] of [[a, 2026], [b, 2025], [b, 2026]] as const) await recomputeUserYear(db, user, year, defaultScoringRules);
  const incremental = await scoreRows(db);
  expect(incremental.years).toEqual([
    [a, 2026, 150, '2026-06-01'],
    [b, 2025, 270, '2026-03-31'],
    [b, 2026, 10, '2026-04-02'],
  ]);
  await rebuildAllScores(db, defaultScoringRules);
  expect(await scoreRows(db)).toEqual(incremental);
  await app.close();
});
