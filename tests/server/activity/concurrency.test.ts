import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/db/rows';
import { scoreYears } from '../../../server/db/schema';
import { rebuildScores, rescoreUserYear } from '../../../server/modules/scoring/repo';
import { createTestApp } from '../helpers/test-app';
import { asUser, seedUser } from './helpers';

/*
 * Several tabs and a tracker import writing for one employee at once. Every write
 * takes the user's advisory lock, so afterwards the read models equal a recomputation from the rows
 * and no request answers 5xx. On PostgreSQL (CI's second pass, TEST_DATABASE_URL) the requests really
 * run in parallel over a pool; without the lock this test fails there (scores miss writes, and
 * concurrent PUT/DELETE of one row answered 500).
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const days = Array.from({ length: 20 }, (_, index) => `2026-11-${String(index + 1).padStart(2, '0')}`);

const expectReadModelsExact = async (ctx: TestApp, userId: number) => {
  const range = { startDate: '2026-11-01', endDate: '2026-11-30' };
  const view = await asUser(ctx, { id: userId, role: 'user' })({ method: 'GET', url: `/api/user/activity?startDate=${range.startDate}&endDate=${range.endDate}` });
  expect(view.statusCode).toBe(200);
  const [counts] = rowsOf<{ activities: number; minutes: number; steps: number }>(
    await ctx.db.execute(sql`select (select count(*)::int from activities where user_id = ${userId}) as activities,
      (select coalesce(sum(moving_time), 0)::int from activities where user_id = ${userId}) as minutes,
      (select count(*)::int from daily_step_achievements where user_id = ${userId}) as steps`),
  );
  expect([view.json().activities.length, view.json().movingAnalytics.totalAnnual, view.json().dailyStepsAchievements.length]).toEqual([counts!.activities, counts!.minutes, counts!.steps]);
  const [stored] = await ctx.db.select({ points: scoreYears.points }).from(scoreYears).where(eq(scoreYears.userId, userId));
  await ctx.db.transaction((tx) => rescoreUserYear(tx, userId, 2026));
  const [recomputed] = await ctx.db.select({ points: scoreYears.points }).from(scoreYears).where(eq(scoreYears.userId, userId));
  expect(stored?.points).toBe(recomputed?.points);
};

test('parallel writers for one employee: no 5xx, and every read model equals the rows', async () => {
  const ctx = await createTestApp({ now: '2026-11-22T10:00:00Z' });
  const person = await seedUser(ctx.db, 'user');
  const as = asUser(ctx, person);
  const log = (day: string, minutes: number) => as({ method: 'POST', url: '/api/user/activity/log', payload: { name: 'Running', movingTime: minutes, startTime: `${day}T07:00:00.000Z` } });

  // Round 1: 60 creates, steps and events at once.
  const first = await Promise.all([
    ...days.flatMap((day, index) => [log(day, 10 + index), log(day, 5)]),
    ...days.map((day) => as({ method: 'POST', url: '/api/user/activity/daily-step-achievement', payload: { date: day } })),
    ...days.slice(0, 5).map((day) => as({ method: 'POST', url: '/api/user/activity/log-event-participation', payload: { name: 'Race', date: day, isInTheTopThree: true } })),
  ]);
  expect(first.filter((response) => response.statusCode >= 500)).toEqual([]);
  const ids = first.filter((response) => response.statusCode === 201 && 'movingTime' in response.json()).map((response) => response.json().id as number);
  expect(ids).toHaveLength(40);

  // Round 2: moves, deletes and concurrent PUT/DELETE of the same rows.
  const second = await Promise.all(
    ids.flatMap((id, index) => [
      as({ method: 'PUT', url: `/api/user/activity/${id}`, payload: { name: 'Cycling', movingTime: 30, startDate: days[(index + 3) % days.length] } }),
      index % 2 === 0 ? as({ method: 'DELETE', url: `/api/user/activity/${id}` }) : log(days[index % days.length]!, 15),
    ]),
  );
  expect(second.filter((response) => response.statusCode >= 500).map((response) => response.body)).toEqual([]);
  for (const response of second) expect([200, 201, 204, 404]).toContain(response.statusCode);

  await expectReadModelsExact(ctx, person.id);
  await ctx.app.close();
});

test('50 identical POSTs with one Idempotency-Key at once create one activity, and all get its answer', async () => {
  const ctx = await createTestApp({ now: '2026-11-22T10:00:00Z' });
  const person = await seedUser(ctx.db, 'user');
  const as = asUser(ctx, person);
  const post = () =>
    as({ method: 'POST', url: '/api/user/activity/log', headers: { 'idempotency-key': 'double-click-42' }, payload: { name: 'Rowing', movingTime: 33, startTime: '2026-11-21T09:00:00.000Z' } });
  const responses = await Promise.all(Array.from({ length: 50 }, post));
  expect(new Set(responses.map((response) => response.statusCode))).toEqual(new Set([201]));
  expect(new Set(responses.map((response) => response.json().id))).toHaveProperty('size', 1);
  const count = rowsOf<{ count: string }>(await ctx.db.execute(sql`select count(*)::text as count from activities where user_id = ${person.id}`));
  expect(count[0]?.count).toBe('1');
  await ctx.app.close();
});

test('parallel writers for twelve employees of one level: the stored scores and insight groups equal a full rebuild', async () => {
  // Each write rescores its own user and moves values in the level's insight_months groups; without
  // the year's lock around those, two writes at once on PostgreSQL could lose one another's change.
  const ctx = await createTestApp({ now: '2026-11-22T10:00:00Z' });
  const people = await Promise.all(Array.from({ length: 12 }, () => seedUser(ctx.db, 'user')));
  const log = (person: (typeof people)[number], minutes: number) =>
    asUser(ctx, person)({ method: 'POST', url: '/api/user/activity/log', payload: { name: 'Running', movingTime: minutes, startTime: '2026-11-21T07:00:00.000Z' } });
  for (let round = 0; round < 3; round += 1) {
    const answers = await Promise.all(people.map((person, index) => log(person, 1 + ((index * 7 + round * 5) % 13))));
    expect(answers.map((answer) => answer.statusCode)).toEqual(people.map(() => 201));
  }
  const snapshot = async () => ({
    years: await ctx.db.select().from(scoreYears).orderBy(scoreYears.userId),
    groups: rowsOf(await ctx.db.execute(sql`select * from insight_months order by competition_year, level_of_competition, month`)),
  });
  const stored = await snapshot();
  await ctx.db.transaction((tx) => rebuildScores(tx, 2026, 2026));
  expect(await snapshot()).toEqual(stored);
  const top = (await asUser(ctx, people[0]!)({ method: 'GET', url: '/api/leaders/top' })).json();
  expect(top.Beginner).toHaveLength(10);
  await ctx.app.close();
});
