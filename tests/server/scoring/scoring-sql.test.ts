import { sql } from 'drizzle-orm';
import { activities, dailyStepAchievements, eventParticipations, quarterlyBonuses, scoreMonths, scoreYears, users } from '../../../server/db/schema';
import { rebuildScores, rescoreUserYear, storeRules } from '../../../server/modules/scoring/repo';
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

test('rescore_user_year rebuilds months and year from the rows (hand-computed)', async () => {
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

  await rescoreUserYear(db, id, 2026);
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
  await rescoreUserYear(db, id, 2026);
  await db.execute(sql`delete from event_participations where name = '10k'`);
  await rescoreUserYear(db, id, 2026);
  expect((await scoreRows(db)).years).toEqual([[id, 2026, 425, '2026-11-21']]);

  await rescoreUserYear(db, id, 2025);
  expect((await scoreRows(db)).years).toEqual([
    [id, 2025, 999, '2026-03-31'],
    [id, 2026, 425, '2026-11-21'],
  ]);
  await app.close();
});

test('the optional daily cap limits counted minutes per day; rebuild_scores agrees with rescore_user_year', async () => {
  const { app, db, clock } = await createTestApp();
  const a = await addUser(db, 'a@example.com');
  const b = await addUser(db, 'b@example.com');
  await db.insert(activities).values([activity(a, '2026-06-01', 100), activity(a, '2026-06-01', 50), activity(b, '2025-12-01', 20), activity(b, '2026-04-02', 10)]);
  await db.insert(quarterlyBonuses).values({ userId: b, competitionYear: 2025, fourthQuarter: true });

  await storeRules(db, 0, { ...defaultScoringRules, dailyMinutesCap: 120 }, clock.now());
  await rescoreUserYear(db, a, 2026);
  expect((await scoreRows(db)).years).toEqual([[a, 2026, 120, '2026-06-01']]);

  await storeRules(db, 0, defaultScoringRules, clock.now());
  for (const [user, year] of [[a, 2026], [b, 2025], [b, 2026]] as const) await rescoreUserYear(db, user, year);
  const incremental = await scoreRows(db);
  expect(incremental.years).toEqual([
    [a, 2026, 150, '2026-06-01'],
    [b, 2025, 270, '2026-03-31'],
    [b, 2026, 10, '2026-04-02'],
  ]);
  await db.transaction((tx) => rebuildScores(tx, 2000, 2100));
  expect(await scoreRows(db)).toEqual(incremental);
  await app.close();
});

test('values stored from a competition year on score that year and later ones, not earlier ones', async () => {
  const { app, db, clock } = await createTestApp();
  const a = await addUser(db, 'a@example.com');
  await db.insert(activities).values([activity(a, '2026-03-01', 10), activity(a, '2026-05-01', 10)]);
  await db.insert(dailyStepAchievements).values([{ userId: a, date: '2026-03-02' }, { userId: a, date: '2026-05-02' }]);
  await storeRules(db, 2026, { ...defaultScoringRules, pointsPerMinute: 3, dailySteps: 50 }, clock.now());
  await db.transaction((tx) => rebuildScores(tx, 2025, 2026));
  // 2025 keeps the defaults (10 + 30), 2026 takes the new values (30 + 50).
  expect((await scoreRows(db)).years).toEqual([
    [a, 2025, 40, '2026-03-02'],
    [a, 2026, 80, '2026-05-02'],
  ]);
  await app.close();
});
