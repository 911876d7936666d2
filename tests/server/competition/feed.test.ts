import { createTestApp } from '../helpers/test-app';
import { addUser, authHeader, logActivity, logEvent, logSteps } from './seed';

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

  const response = await app.inject({ method: 'GET', url: '/api/user/activity/feed?page=1&pageSize=10', headers: await authHeader(viewer, config, clock.now()) });
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
  const headers = await authHeader(viewer, config, clock.now());
  const pages = [];
  for (const page of [1, 2, 3]) pages.push((await app.inject({ method: 'GET', url: `/api/user/activity/feed?page=${page}&pageSize=10`, headers })).json());
  expect(pages.map((page) => page.count)).toEqual([24, 24, 24]);
  expect(pages.map((page) => page.feed.length)).toEqual([10, 10, 4]);
  const seen = pages.flatMap((page) => page.feed.map((item: { id: string }) => item.id));
  // Same day: the activity (07:00) is newer than the day's step bonus (midnight).
  expect(seen).toEqual(newestFirst);
  // Past the end: no rows, the count still answers.
  expect((await app.inject({ method: 'GET', url: '/api/user/activity/feed?page=4&pageSize=10', headers })).json()).toEqual({ feed: [], count: 24 });
  await app.close();
});

test('Strava imports reach only their owner unless STRAVA_FEED_SHARING is on', async () => {
  for (const sharing of [false, true]) {
    const { app, db, config, clock } = await createTestApp({ now: NOW, config: { stravaFeedSharing: sharing } });
    const owner = await addUser(db);
    const colleague = await addUser(db);
    await logActivity(db, owner.id, '2026-11-20', 30, { source: 'strava', name: 'Ride' });
    await logActivity(db, owner.id, '2026-11-19', 20, { source: 'fitbit', name: 'Walk' });
    const names = async (user: typeof owner) =>
      (await app.inject({ method: 'GET', url: '/api/user/activity/feed', headers: await authHeader(user, config, clock.now()) })).json().feed.map((item: { name: string }) => item.name);
    expect(await names(owner)).toEqual(['Ride', 'Walk']);
    expect(await names(colleague)).toEqual(sharing ? ['Ride', 'Walk'] : ['Walk']);
    await app.close();
  }
});

test('feed: employees only; bad paging is 400; no token is 401', async () => {
  const { app, db, config, clock } = await createTestApp({ now: NOW });
  const admin = await addUser(db, { role: 'admin' });
  const employee = await addUser(db);
  expect((await app.inject({ method: 'GET', url: '/api/user/activity/feed' })).statusCode).toBe(401);
  expect((await app.inject({ method: 'GET', url: '/api/user/activity/feed', headers: await authHeader(admin, config, clock.now()) })).statusCode).toBe(403);
  const headers = await authHeader(employee, config, clock.now());
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
