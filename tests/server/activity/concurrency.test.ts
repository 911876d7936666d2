import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/db/rows';
import { scoreYears } from '../../../server/db/schema';
import { recomputeUserYear } from '../../../server/modules/scoring/recompute';
import { activityService } from '../../../server/modules/activity/service';
import { createTestApp } from '../helpers/test-app';
import { asUser, seedUser } from './helpers';

/*
 * Several tabs and a tracker import writing for one employee at once. Every write
 * takes the user's advisory lock, so afterwards the read models equal a recomputation from the rows
 * and no request answers 5xx. On PostgreSQL (CI's second pass, TEST_DATABASE_URL) the requests really
 * run in parallel over a pool; without the lock this test fails there (month views miss rows, and
 * concurrent PUT/DELETE of one row answered 500).
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const days = Array.from({ length: 20 }, (_, index) => `2026-11-${String(index + 1).padStart(2, '0')}`);

const expectReadModelsExact = async (ctx: TestApp, userId: number) => {
  const service = activityService(ctx);
  const range = { startDate: '2026-11-01', endDate: '2026-11-30' };
  const view = await asUser(ctx, { id: userId, role: 'user' })({ method: 'GET', url: `/api/user/activity?startDate=${range.startDate}&endDate=${range.endDate}` });
  expect(view.statusCode).toBe(200);
  expect(view.json()).toEqual(await service.monthFromRows(userId, range));
  const [stored] = await ctx.db.select({ points: scoreYears.points }).from(scoreYears).where(eq(scoreYears.userId, userId));
  await ctx.db.transaction((tx) => recomputeUserYear(tx, userId, 2026, ctx.config.scoring));
  const [recomputed] = await ctx.db.select({ points: scoreYears.points }).from(scoreYears).where(eq(scoreYears.userId, userId));
  expect(stored?.points).toBe(recomputed?.points);
  const feed = rowsOf<{ count: string }>(await ctx.db.execute(sql`select count(*)::text as count from feed_entries where user_id = ${userId}`));
  const rows = rowsOf<{ count: string }>(
    await ctx.db.execute(sql`select ((select count(*) from activities where user_id = ${userId}) + (select count(*) from daily_step_achievements where user_id = ${userId}) + (select count(*) from event_participations where user_id = ${userId}))::text as count`),
  );
  expect(feed[0]?.count).toBe(rows[0]?.count);
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

test('parallel writers for twelve employees of one level: the stored top ten equals a full rebuild', async () => {
  // Each write rebuilds the list when it changes it; without one lock around reading and rewriting
  // it, two writes at once on PostgreSQL could each rebuild a list that misses the other's points.
  const ctx = await createTestApp({ now: '2026-11-22T10:00:00Z' });
  const people = await Promise.all(Array.from({ length: 12 }, () => seedUser(ctx.db, 'user')));
  const log = (person: (typeof people)[number], minutes: number) =>
    asUser(ctx, person)({ method: 'POST', url: '/api/user/activity/log', payload: { name: 'Running', movingTime: minutes, startTime: '2026-11-21T07:00:00.000Z' } });
  for (let round = 0; round < 3; round += 1) {
    const answers = await Promise.all(people.map((person, index) => log(person, 1 + ((index * 7 + round * 5) % 13))));
    expect(answers.map((answer) => answer.statusCode)).toEqual(people.map(() => 201));
  }
  const [texts] = rowsOf<{ stored: string; rebuilt: string }>(
    await ctx.db.execute(sql`select (select body from leaders_top where competition_year = 2026) as stored,
      json_build_object('Beginner', leaders_top_level(2026::smallint, 'Beginner'), 'Intermediate', leaders_top_level(2026::smallint, 'Intermediate'),
                        'Advanced', leaders_top_level(2026::smallint, 'Advanced'), 'Elite', leaders_top_level(2026::smallint, 'Elite'))::text as rebuilt`),
  );
  expect(texts!.stored).toBe(texts!.rebuilt);
  expect(JSON.parse(texts!.stored).Beginner).toHaveLength(10);
  await ctx.app.close();
});
