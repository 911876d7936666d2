import { createTestApp } from '../helpers/test-app';
import { addUser, authHeader, logActivity, logEvent, logSteps } from '../helpers/competition-seed';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
afterEach(async () => {
  await ctx?.app.close();
});

const setup = async () => {
  ctx = await createTestApp({ now: '2026-11-22T10:00:00Z' });
  const admin = await addUser(ctx.db, { role: 'admin' });
  const employee = await addUser(ctx.db);
  const other = await addUser(ctx.db);
  const headers = await authHeader(ctx.db, admin, ctx.config, ctx.clock.now());
  const get = async (url: string, as = headers) => ctx.app.inject({ method: 'GET', url, headers: as });
  return { ...ctx, admin, employee, other, headers, get };
};

describe('GET /api/users/:id/workouts | event-participation | daily-achievements', () => {
  test('activities newest first, paged, with the total count; other users are not mixed in', async () => {
    const { db, employee, other, get } = await setup();
    await logActivity(db, employee.id, '2026-10-01', 20, { name: 'Yoga' });
    await logActivity(db, employee.id, '2026-11-05', 45, { name: 'Running', time: '06:30' });
    await logActivity(db, employee.id, '2026-11-05', 30, { name: 'Walking', time: '18:00' });
    await logActivity(db, other.id, '2026-11-06', 99);
    const first = await get(`/api/users/${employee.id}/workouts?page=1&pageSize=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      count: 3,
      rows: [
        { id: 3, name: 'Walking', movingTime: 30, startDate: '2026-11-05T18:00:00.000Z', points: 30, importedFromStrava: false },
        { id: 2, name: 'Running', movingTime: 45, startDate: '2026-11-05T06:30:00.000Z', points: 45, importedFromStrava: false },
      ],
    });
    expect((await get(`/api/users/${employee.id}/workouts?page=2&pageSize=2`)).json()).toEqual({
      count: 3,
      rows: [{ id: 1, name: 'Yoga', movingTime: 20, startDate: '2026-10-01T07:00:00.000Z', points: 20, importedFromStrava: false }],
    });
  });

  test('events and step achievements newest first with their flags', async () => {
    const { db, employee, get } = await setup();
    await logEvent(db, employee.id, '2026-09-10', true);
    await logEvent(db, employee.id, '2026-11-01', false);
    await logSteps(db, employee.id, '2026-11-03');
    await logSteps(db, employee.id, '2026-11-04');
    const events = (await get(`/api/users/${employee.id}/event-participation`)).json();
    expect(events).toEqual({
      count: 2,
      rows: [
        { id: 2, name: 'City run', isInTheTopThree: false, date: '2026-11-01' },
        { id: 1, name: 'City run', isInTheTopThree: true, date: '2026-09-10' },
      ],
    });
    const steps = (await get(`/api/users/${employee.id}/daily-achievements?page=1&pageSize=1`)).json();
    expect(steps).toEqual({ count: 2, rows: [{ id: 2, date: '2026-11-04', isDailyStepsBonus: true }] });
  });

  test('empty lists are empty pages; unknown users and admins 404; bad paging 400; employees 403; guests 401', async () => {
    const { db, employee, admin, get, config, clock } = await setup();
    for (const list of ['workouts', 'event-participation', 'daily-achievements']) {
      expect((await get(`/api/users/${employee.id}/${list}`)).json()).toEqual({ rows: [], count: 0 });
      expect((await get(`/api/users/999/${list}`)).json()).toEqual({ statusCode: 404, serverCode: 'NOT_FOUND', message: 'User not found' });
      expect((await get(`/api/users/${admin.id}/${list}`)).statusCode).toBe(404);
      const bad = await get(`/api/users/${employee.id}/${list}?page=0`);
      expect(bad.json()).toMatchObject({ statusCode: 400, message: 'Page must be 1 or more' });
      expect((await get(`/api/users/${employee.id}/${list}?pageSize=101`)).statusCode).toBe(400);
      expect((await get(`/api/users/${employee.id}/${list}`, await authHeader(db, employee, config, clock.now()))).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/users/${employee.id}/${list}` })).statusCode).toBe(401);
    }
  });
});
