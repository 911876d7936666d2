import { eq, sql } from 'drizzle-orm';
import { activities, eventParticipations, users } from '../../../server/db/schema';
import { FEED_COUNT_LOOKAHEAD } from '@/domain/feed-names';
import { createTestApp } from '../helpers/test-app';
import { addUser, authHeader, logActivity, logEvent, logSteps } from '../helpers/competition-seed';
import { toIsoDay } from '@/domain/days';

const NOW = '2026-11-22T10:00:00Z';

test('GET /user/activity/feed: newest first, three kinds, bonus names and points, privacy', async () => {
  const { app, db, config, clock } = await createTestApp({ now: NOW });
  const viewer = await addUser(db, { firstName: 'Vera', isPrivateActivity: true });
  const open = await addUser(db, { firstName: 'Olga', profilePicture: 'olga.png' });
  const hidden = await addUser(db, { firstName: 'Hugo', isPrivateActivity: true });
  const run = await logActivity(db, open.id, '2026-11-20', 45, { name: 'Running', time: '18:30' });
  const steps = await logSteps(db, open.id, '2026-11-19');
  const event = await logEvent(db, open.id, '2026-11-18', true);
  const own = await logActivity(db, viewer.id, '2026-11-21', 10, { name: 'Yoga' }); // private, but the viewer's own
  await logActivity(db, hidden.id, '2026-11-21', 99);
  await logEvent(db, hidden.id, '2026-11-21');

  const response = await app.inject({ method: 'GET', url: '/api/user/activity/feed?page=1&pageSize=10', headers: await authHeader(db, viewer, config, clock.now()) });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    count: 4,
    feed: [
      { id: `activity-${own.id}`, userId: viewer.id, firstName: 'Vera', lastName: viewer.lastName, name: 'Yoga', profilePicture: null, startDate: '2026-11-21T07:00:00.000Z', movingTime: 10, isAchievement: false, isEvent: false },
      { id: `activity-${run.id}`, userId: open.id, firstName: 'Olga', lastName: open.lastName, name: 'Running', profilePicture: '/api/uploads/olga.png', startDate: '2026-11-20T18:30:00.000Z', movingTime: 45, isAchievement: false, isEvent: false },
      { id: `steps-${steps.id}`, userId: open.id, firstName: 'Olga', lastName: open.lastName, name: '10,000 step bonus', profilePicture: '/api/uploads/olga.png', startDate: '2026-11-19T00:00:00.000Z', movingTime: 30, isAchievement: true, isEvent: false },
      { id: `event-${event.id}`, userId: open.id, firstName: 'Olga', lastName: open.lastName, name: 'Activity participation bonus', profilePicture: '/api/uploads/olga.png', startDate: '2026-11-18T00:00:00.000Z', movingTime: 90, isAchievement: false, isEvent: true },
    ],
  });
  await app.close();
});

test('entries of one instant: activities, then events, then step bonuses, each kind newest row first, across pages', async () => {
  const { app, db, config, clock } = await createTestApp({ now: NOW });
  const viewer = await addUser(db);
  const colleague = await addUser(db);
  // Everything at midnight UTC of 2026-11-20, logged in mixed order, and one activity a millisecond before it.
  const steps = [await logSteps(db, viewer.id, '2026-11-20'), await logSteps(db, colleague.id, '2026-11-20')];
  const events = [await logEvent(db, colleague.id, '2026-11-20'), await logEvent(db, viewer.id, '2026-11-20', true)];
  const runs = [await logActivity(db, viewer.id, '2026-11-20', 20, { time: '00:00' }), await logActivity(db, colleague.id, '2026-11-20', 30, { time: '00:00' })];
  const before = await db.insert(activities).values({ userId: colleague.id, name: 'Late swim', movingTime: 15, startAt: new Date('2026-11-19T23:59:59.999Z'), startDate: '2026-11-19', source: 'manual' }).returning();
  const expected = [
    ...runs.map((row) => `activity-${row.id}`).reverse(),
    ...events.map((row) => `event-${row.id}`).reverse(),
    ...steps.map((row) => `steps-${row.id}`).reverse(),
    `activity-${before[0]!.id}`,
  ];
  const headers = await authHeader(db, viewer, config, clock.now());
  const pages = [];
  for (const page of [1, 2, 3]) pages.push((await app.inject({ method: 'GET', url: `/api/user/activity/feed?page=${page}&pageSize=3`, headers })).json<{ feed: { id: string; startDate: string }[]; count: number }>());
  expect(pages.flatMap((page) => page.feed.map((item) => item.id))).toEqual(expected);
  expect(pages[0]!.feed.map((item) => item.startDate)).toEqual(['2026-11-20T00:00:00.000Z', '2026-11-20T00:00:00.000Z', '2026-11-20T00:00:00.000Z']);
  expect(pages.map((page) => page.count)).toEqual([7, 7, 7]);
  await app.close();
});

test('feed pages in SQL: 10 per page, later pages continue without gaps or repeats', async () => {
  const { app, db, config, clock } = await createTestApp({ now: NOW });
  const viewer = await addUser(db);
  const newestFirst: string[] = [];
  for (let day = 1; day <= 12; day += 1) {
    const date = `2026-11-${String(day).padStart(2, '0')}`;
    const activityId = `activity-${(await logActivity(db, viewer.id, date, day)).id}`;
    const stepsId = `steps-${(await logSteps(db, viewer.id, date)).id}`;
    newestFirst.unshift(activityId, stepsId);
  }
  const headers = await authHeader(db, viewer, config, clock.now());
  const pages = [];
  for (const page of [1, 2, 3]) pages.push((await app.inject({ method: 'GET', url: `/api/user/activity/feed?page=${page}&pageSize=10`, headers })).json());
  expect(pages.map((page) => page.count)).toEqual([24, 24, 24]);
  expect(pages.map((page) => page.feed.length)).toEqual([10, 10, 4]);
  const seen = pages.flatMap((page) => page.feed.map((item: { id: string }) => item.id));
  // Same day: the activity (07:00) is newer than the day's step bonus (midnight).
  expect(seen).toEqual(newestFirst);
  // Past the end: no rows, the count still answers.
  expect((await app.inject({ method: 'GET', url: '/api/user/activity/feed?page=4&pageSize=10', headers })).json()).toEqual({ feed: [], count: 24 });

  // Pages of two viewers asked at once, in no order, with different sizes: the reads of one turn
  // share one statement (tick-batch.ts) and each must equal the same page asked alone. The other
  // viewer is private: their own entry is theirs alone.
  const other = await addUser(db, { isPrivateActivity: true });
  await logActivity(db, other.id, '2026-11-13', 5);
  const otherHeaders = await authHeader(db, other, config, clock.now());
  const asks = [
    { query: 'page=3&pageSize=10', headers },
    { query: 'page=1&pageSize=10', headers: otherHeaders },
    { query: 'page=1&pageSize=10', headers },
    { query: 'page=2&pageSize=7', headers },
    { query: 'page=4&pageSize=10', headers },
    { query: 'page=2&pageSize=3', headers: otherHeaders },
  ];
  const feedAt = (ask: (typeof asks)[number]) => app.inject({ method: 'GET', url: `/api/user/activity/feed?${ask.query}`, headers: ask.headers });
  const together = await Promise.all(asks.map(feedAt));
  const alone = [];
  for (const ask of asks) alone.push((await feedAt(ask)).json());
  expect(together.map((response) => response.json())).toEqual(alone);
  expect(alone[1].feed[0].userId).toBe(other.id);
  expect(alone[2].feed.map((item: { userId: number }) => item.userId)).not.toContain(other.id);
  await app.close();
});

test('Strava imports reach only their owner (Strava API agreement); other imports reach colleagues', async () => {
  {
    const { app, db, config, clock } = await createTestApp({ now: NOW });
    const owner = await addUser(db);
    const colleague = await addUser(db);
    await logActivity(db, owner.id, '2026-11-20', 30, { source: 'strava', name: 'Ride' });
    await logActivity(db, owner.id, '2026-11-19', 20, { source: 'fitbit', name: 'Walk' });
    const names = async (user: typeof owner) =>
      (await app.inject({ method: 'GET', url: '/api/user/activity/feed', headers: await authHeader(db, user, config, clock.now()) })).json().feed.map((item: { name: string }) => item.name);
    expect(await names(owner)).toEqual(['Ride', 'Walk']);
    expect(await names(colleague)).toEqual(['Walk']);
    await app.close();
  }
});

test('feed: employees only; bad paging is 400; no token is 401', async () => {
  const { app, db, config, clock } = await createTestApp({ now: NOW });
  const admin = await addUser(db, { role: 'admin' });
  const employee = await addUser(db);
  expect((await app.inject({ method: 'GET', url: '/api/user/activity/feed' })).statusCode).toBe(401);
  expect((await app.inject({ method: 'GET', url: '/api/user/activity/feed', headers: await authHeader(db, admin, config, clock.now()) })).statusCode).toBe(403);
  const headers = await authHeader(db, employee, config, clock.now());
  for (const [query, message] of [
    ['page=0', 'Page must be 1 or more'],
    ['pageSize=101', 'Page size must be 100 or less'],
    ['page=x', undefined],
  ] as const) {
    const response = await app.inject({ method: 'GET', url: `/api/user/activity/feed?${query}`, headers });
    expect(response.statusCode, query).toBe(400);
    if (message) expect(response.json().message).toBe(message);
  }
  expect((await app.inject({ method: 'GET', url: '/api/user/activity/feed', headers })).json()).toEqual({ feed: [], count: 0 });
  await app.close();
});

test('the feed follows every change of its rows: privacy switch, edits, deletes, bulk writes, truncate', async () => {
  const { app, db, config, clock } = await createTestApp({ now: NOW });
  const viewer = await addUser(db);
  const colleague = await addUser(db, { firstName: 'Cleo' });
  const feed = async () =>
    (await app.inject({ method: 'GET', url: '/api/user/activity/feed', headers: await authHeader(db, viewer, config, clock.now()) })).json() as {
      count: number;
      feed: Array<{ name: string; movingTime: number; startDate: string; userId: number }>;
    };
  const run = await logActivity(db, colleague.id, '2026-11-20', 45, { name: 'Running' });
  const event = await logEvent(db, colleague.id, '2026-11-19');
  await logSteps(db, colleague.id, '2026-11-18');
  expect((await feed()).count).toBe(3);

  await db.update(users).set({ isPrivateActivity: true }).where(eq(users.id, colleague.id));
  expect(await feed()).toEqual({ count: 0, feed: [] });
  await db.update(users).set({ isPrivateActivity: false }).where(eq(users.id, colleague.id));
  expect((await feed()).count).toBe(3);

  await db.update(activities).set({ name: 'Swimming', movingTime: 50, startAt: new Date('2026-11-17T06:00:00Z'), startDate: '2026-11-17' }).where(eq(activities.id, run.id));
  await db.update(eventParticipations).set({ isInTheTopThree: true }).where(eq(eventParticipations.id, event.id));
  expect((await feed()).feed.map((item) => [item.name, item.movingTime, item.startDate.slice(0, 10)])).toEqual([
    ['Activity participation bonus', 90, '2026-11-19'],
    ['10,000 step bonus', 30, '2026-11-18'],
    ['Swimming', 50, '2026-11-17'],
  ]);

  await db.delete(activities).where(eq(activities.id, run.id));
  await db.insert(activities).values(
    ['2026-11-10', '2026-11-11'].map((day) => ({ userId: viewer.id, name: 'Ride', movingTime: 20, startAt: new Date(`${day}T08:00:00Z`), startDate: day, source: 'strava' as const })),
  );
  const afterBulk = await feed();
  expect(afterBulk.feed.map((item) => item.name)).toEqual(['Activity participation bonus', '10,000 step bonus', 'Ride', 'Ride']);
  expect(afterBulk.count).toBe(4);

  await db.execute(sql`truncate event_participations`);
  expect((await feed()).count).toBe(3);
  await db.delete(users).where(eq(users.id, colleague.id));
  expect((await feed()).feed.map((item) => item.userId)).toEqual([viewer.id, viewer.id]);
  await app.close();
});

test('count is exact up to FEED_COUNT_LOOKAHEAD entries past the page, so Load more still knows there is more', async () => {
  const { app, db, config, clock } = await createTestApp({ now: NOW });
  const viewer = await addUser(db);
  const colleague = await addUser(db);
  const days = Array.from({ length: 35 }, (_, index) => toIsoDay(Date.UTC(2026, 9, 1 + index)));
  await db.insert(activities).values(days.map((day) => ({ userId: colleague.id, name: 'Walking', movingTime: 15, startAt: new Date(`${day}T08:00:00Z`), startDate: day })));
  const page = async (number: number) =>
    (await app.inject({ method: 'GET', url: `/api/user/activity/feed?page=${number}&pageSize=10`, headers: await authHeader(db, viewer, config, clock.now()) })).json();
  expect(FEED_COUNT_LOOKAHEAD).toBe(20);
  expect((await page(1)).count).toBe(30);
  expect((await page(2)).count).toBe(35);
  const last = await page(4);
  expect([last.feed.length, last.count]).toEqual([5, 35]);
  expect(await page(5)).toEqual({ feed: [], count: 35 });
  await app.close();
});
