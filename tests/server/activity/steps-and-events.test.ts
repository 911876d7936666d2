import { createTestApp } from '../helpers/test-app';
import { annualPoints, asUser, eventRows, seedEvent, seedSteps, seedUser, stepRows } from './helpers';

const steps = (method: 'POST' | 'DELETE', body?: unknown) => ({ method, url: '/api/user/activity/daily-step-achievement', ...(body === undefined ? {} : { payload: body as object }) });
const logEvent = (body: unknown) => ({ method: 'POST' as const, url: '/api/user/activity/log-event-participation', payload: body as object });
const dayEvents = (query: string) => ({ method: 'GET' as const, url: `/api/user/activity/participated-events?${query}` });
const delEvent = (id: number | string) => ({ method: 'DELETE' as const, url: `/api/user/activity/event-participation/${id}` });

describe('daily step achievement', () => {
  test('POST creates it once: a repeated POST answers the same row', async () => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    const run = asUser(ctx, me);
    const first = await run(steps('POST', { date: '2026-11-20' }));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(Number), date: '2026-11-20', isDailyStepsBonus: true });
    const again = await run(steps('POST', { date: '2026-11-20T15:00:00.000Z' }));
    expect(again.json()).toEqual(first.json());
    expect(await stepRows(ctx.db, me.id)).toHaveLength(1);
    expect(await annualPoints(ctx.db, me.id, 2026)).toBe(30);
  });

  test('DELETE removes it (and its points); a second DELETE answers 404', async () => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    const run = asUser(ctx, me);
    await run(steps('POST', { date: '2026-11-20' }));
    expect((await run(steps('DELETE', { date: '2026-11-20' }))).statusCode).toBe(204);
    expect(await stepRows(ctx.db, me.id)).toHaveLength(0);
    expect(await annualPoints(ctx.db, me.id, 2026)).toBe(0);
    const again = await run(steps('DELETE', { date: '2026-11-20' }));
    expect(again.statusCode).toBe(404);
    expect(again.json().serverCode).toBe('NOT_FOUND');
  });

  test("DELETE only ever touches the caller's own day", async () => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    const other = await seedUser(ctx.db);
    await seedSteps(ctx.db, other.id, '2026-11-20');
    expect((await asUser(ctx, me)(steps('DELETE', { date: '2026-11-20' }))).statusCode).toBe(404);
    expect(await stepRows(ctx.db, other.id)).toHaveLength(1);
  });

  test.each([
    ['POST', { date: '2026-11-23' }, 400, 'FUTURE_DATE'],
    ['POST', { date: '2026-03-31' }, 403, 'EDIT_WINDOW_CLOSED'],
    ['POST', { date: 'yesterday' }, 400, 'VALIDATION_FAILED'],
    ['POST', {}, 400, 'VALIDATION_FAILED'],
    ['POST', undefined, 400, 'VALIDATION_FAILED'],
    ['DELETE', { date: '2026-03-31' }, 403, 'EDIT_WINDOW_CLOSED'],
    ['DELETE', { date: '' }, 400, 'VALIDATION_FAILED'],
  ] as const)('%s %j answers %i %s', async (method, body, status, code) => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    await seedSteps(ctx.db, me.id, '2026-03-31');
    const response = await asUser(ctx, me)(steps(method, body));
    expect(response.statusCode).toBe(status);
    expect(response.json().serverCode).toBe(code);
    expect((await stepRows(ctx.db, me.id)).map((row) => row.date)).toEqual(['2026-03-31']);
  });
});

describe('event participation', () => {
  test('POST logs it (top three defaults to false); GET lists the caller events of that day only', async () => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    const other = await seedUser(ctx.db);
    await seedEvent(ctx.db, other.id, '2026-11-20', 'Not mine');
    await seedEvent(ctx.db, me.id, '2026-11-19', 'Another day');
    const run = asUser(ctx, me);
    const first = await run(logEvent({ name: 'City 10K', date: '2026-11-20' }));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(Number), name: 'City 10K', isInTheTopThree: false, date: '2026-11-20' });
    await run(logEvent({ name: 'Relay', isInTheTopThree: true, date: '2026-11-20T09:00:00Z' }));
    expect(await annualPoints(ctx.db, me.id, 2026)).toBe(60 + 60 + 30 + 60);

    const list = await run(dayEvents('date=2026-11-20'));
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      participatedEvents: [
        { id: first.json().id, name: 'City 10K', isInTheTopThree: false, date: '2026-11-20' },
        { id: expect.any(Number), name: 'Relay', isInTheTopThree: true, date: '2026-11-20' },
      ],
    });
    expect((await run(dayEvents('date=2026-11-20T00:00:00.000Z'))).json().participatedEvents).toHaveLength(2);
  });

  test.each([
    ['no name', { date: '2026-11-20' }, 400, 'VALIDATION_FAILED', 'Title is required!'],
    ['an empty name', { name: ' ', date: '2026-11-20' }, 400, 'VALIDATION_FAILED', 'Title is required!'],
    ['a non-boolean top three', { name: 'Run', isInTheTopThree: 'yes', date: '2026-11-20' }, 400, 'VALIDATION_FAILED', undefined],
    ['no date', { name: 'Run' }, 400, 'VALIDATION_FAILED', undefined],
    ['a future date', { name: 'Run', date: '2026-11-23' }, 400, 'FUTURE_DATE', undefined],
    ['a closed year', { name: 'Run', date: '2026-03-31' }, 403, 'EDIT_WINDOW_CLOSED', undefined],
  ])('POST with %s answers %i and stores nothing', async (_, body, status, code, message) => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    const response = await asUser(ctx, me)(logEvent(body));
    expect(response.statusCode).toBe(status);
    expect(response.json().serverCode).toBe(code);
    if (message) expect(response.json().message).toBe(message);
    expect(await eventRows(ctx.db, me.id)).toHaveLength(0);
  });

  test('GET needs a valid date', async () => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    expect((await asUser(ctx, me)(dayEvents(''))).statusCode).toBe(400);
    expect((await asUser(ctx, me)(dayEvents('date=2026-13-01'))).statusCode).toBe(400);
  });

  test('DELETE removes an own event; another user id, a missing id or a bad id change nothing', async () => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    const other = await seedUser(ctx.db);
    const mine = await seedEvent(ctx.db, me.id, '2026-11-20');
    const theirs = await seedEvent(ctx.db, other.id, '2026-11-20');
    const run = asUser(ctx, me);
    expect((await run(delEvent(theirs.id))).statusCode).toBe(404);
    expect((await run(delEvent(999_999))).statusCode).toBe(404);
    expect((await run(delEvent('x'))).statusCode).toBe(400);
    expect(await eventRows(ctx.db, other.id)).toHaveLength(1);
    expect((await run(delEvent(mine.id))).statusCode).toBe(204);
    expect(await eventRows(ctx.db, me.id)).toHaveLength(0);
  });

  test('DELETE of an event whose year closed answers 403 after 14 April (clock moves)', async () => {
    const ctx = await createTestApp({ now: '2027-04-14T23:00:00Z' });
    const me = await seedUser(ctx.db);
    const run = asUser(ctx, me);
    const created = (await run(logEvent({ name: 'Winter trail', date: '2027-03-01' }))).json();
    ctx.clock.set('2027-04-15T08:00:00Z');
    const response = await run(delEvent(created.id));
    expect(response.statusCode).toBe(403);
    expect(response.json().serverCode).toBe('EDIT_WINDOW_CLOSED');
    expect(await eventRows(ctx.db, me.id)).toHaveLength(1);
  });

  test('admins are not employees: 403 FORBIDDEN', async () => {
    const ctx = await createTestApp();
    const admin = await seedUser(ctx.db, 'admin');
    const response = await asUser(ctx, admin)(logEvent({ name: 'Run', date: '2026-11-20' }));
    expect(response.statusCode).toBe(403);
    expect(response.json().serverCode).toBe('FORBIDDEN');
  });
});
