import { createTestApp } from '../helpers/test-app';
import { activityRows, annualPoints, asUser, seedActivity, seedUser } from './helpers';

const log = (body: unknown) => ({ method: 'POST' as const, url: '/api/user/activity/log', payload: body as object });
const put = (id: number | string, body: unknown) => ({ method: 'PUT' as const, url: `/api/user/activity/${id}`, payload: body as object });
const del = (id: number | string) => ({ method: 'DELETE' as const, url: `/api/user/activity/${id}` });

describe('POST /api/user/activity/log', () => {
  test('stores the UTC day and keeps the time of day sent; scores at once', async () => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    const response = await asUser(ctx, me)(log({ name: 'Cycling', movingTime: 50, startTime: '2026-11-20T07:30:00.000Z' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number), name: 'Cycling', otherName: null, title: 'Cycling', movingTime: 50, source: 'manual', alsoRecordedBy: [],
      startDate: '2026-11-20', startTime: '07:30', start: '2026-11-20T07:30:00.000Z', end: '2026-11-20T08:20:00.000Z',
    });
    expect(await annualPoints(ctx.db, me.id, 2026)).toBe(50);
  });

  test('a plain day starts at 00:00; a date-time with an offset lands on its UTC day', async () => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    const run = asUser(ctx, me);
    expect((await run(log({ name: 'Yoga', movingTime: 1, startTime: '2026-11-21' }))).json()).toMatchObject({ startDate: '2026-11-21', startTime: '00:00' });
    expect((await run(log({ name: 'Yoga', movingTime: 1, startTime: '2026-11-20T23:30:00-05:00' }))).json()).toMatchObject({ startDate: '2026-11-21', startTime: '04:30' });
  });

  test('Other stores the custom title and answers it as otherName', async () => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    const response = await asUser(ctx, me)(log({ name: 'Other', otherName: '  Kayaking ', movingTime: 30, startTime: '2026-11-20' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Kayaking', otherName: 'Kayaking', title: 'Kayaking' });
  });

  test.each([
    ['no name', { movingTime: 5, startTime: '2026-11-20' }, 'name', 'Title is required!'],
    ['an empty name', { name: '  ', movingTime: 5, startTime: '2026-11-20' }, 'name', 'Title is required!'],
    ['a name over 100 characters', { name: 'x'.repeat(101), movingTime: 5, startTime: '2026-11-20' }, 'name', 'Title must be at most 100 characters'],
    ['Other without otherName', { name: 'Other', movingTime: 5, startTime: '2026-11-20' }, 'otherName', 'Other title is required'],
    ['no movingTime', { name: 'Yoga', startTime: '2026-11-20' }, 'movingTime', 'Moving time is required'],
    ['movingTime 0', { name: 'Yoga', movingTime: 0, startTime: '2026-11-20' }, 'movingTime', 'Moving time is required'],
    ['movingTime 1441', { name: 'Yoga', movingTime: 1441, startTime: '2026-11-20' }, 'movingTime', 'Moving time must be at most 1440 minutes'],
    ['fractional minutes', { name: 'Yoga', movingTime: 1.5, startTime: '2026-11-20' }, 'movingTime', 'Moving time must be whole minutes'],
    ['a text movingTime', { name: 'Yoga', movingTime: 'abc', startTime: '2026-11-20' }, 'movingTime', 'Moving time is required'],
    ['no startTime', { name: 'Yoga', movingTime: 5 }, 'startTime', undefined],
    ['a malformed startTime', { name: 'Yoga', movingTime: 5, startTime: '20/11/2026' }, 'startTime', 'Start time must be YYYY-MM-DD or an ISO date-time'],
    ['an impossible day', { name: 'Yoga', movingTime: 5, startTime: '2026-11-31' }, 'startTime', 'Start time must be YYYY-MM-DD or an ISO date-time'],
  ])('rejects %s with 400 and stores nothing', async (_, body, path, message) => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    const response = await asUser(ctx, me)(log(body));
    expect(response.statusCode).toBe(400);
    const error = response.json();
    expect(error.serverCode).toBe('VALIDATION_FAILED');
    expect(error.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path, ...(message ? { message } : {}) })]));
    expect(await activityRows(ctx.db, me.id)).toHaveLength(0);
  });

  test('1 and 1440 minutes are the limits that pass', async () => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    const run = asUser(ctx, me);
    expect((await run(log({ name: 'Yoga', movingTime: 1, startTime: '2026-11-20' }))).statusCode).toBe(201);
    expect((await run(log({ name: 'Yoga', movingTime: '1440', startTime: '2026-11-20' }))).statusCode).toBe(201);
  });

  test('a future day answers 400 FUTURE_DATE; later today is fine', async () => {
    const ctx = await createTestApp({ now: '2026-11-22T10:00:00Z' });
    const me = await seedUser(ctx.db);
    const run = asUser(ctx, me);
    const tomorrow = await run(log({ name: 'Yoga', movingTime: 5, startTime: '2026-11-23T00:00:00Z' }));
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json().serverCode).toBe('FUTURE_DATE');
    expect((await run(log({ name: 'Yoga', movingTime: 5, startTime: '2026-11-22T21:00:00Z' }))).statusCode).toBe(201);
    expect(await activityRows(ctx.db, me.id)).toHaveLength(1);
  });

  test.each([
    ['2026-04-14T23:59:00Z', '2026-03-31', 201],
    ['2026-04-15T00:00:00Z', '2026-03-31', 403],
    ['2026-04-01T00:00:00Z', '2025-04-01', 201],
    ['2026-11-22T10:00:00Z', '2026-03-31', 403],
    ['2026-11-22T10:00:00Z', '2026-04-01', 201],
  ])('at %s logging on %s answers %i', async (now, day, status) => {
    const ctx = await createTestApp({ now });
    const me = await seedUser(ctx.db);
    const response = await asUser(ctx, me)(log({ name: 'Yoga', movingTime: 5, startTime: day }));
    expect(response.statusCode).toBe(status);
    if (status === 403) {
      expect(response.json()).toMatchObject({ serverCode: 'EDIT_WINDOW_CLOSED', message: expect.stringContaining('can no longer be changed') });
      expect(await activityRows(ctx.db, me.id)).toHaveLength(0);
    }
  });
});

describe('PUT /api/user/activity/:id', () => {
  test('changes name, minutes and day, keeps the time of day, rescoring both years', async () => {
    const ctx = await createTestApp({ now: '2026-04-10T12:00:00Z' });
    const me = await seedUser(ctx.db);
    const run = asUser(ctx, me);
    const created = (await run(log({ name: 'Yoga', movingTime: 30, startTime: '2026-03-31T06:15:00Z' }))).json();
    expect(await annualPoints(ctx.db, me.id, 2025)).toBe(30);
    const response = await run(put(created.id, { name: 'Other', otherName: 'Padel', movingTime: 40, startDate: '2026-04-02' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created.id, name: 'Padel', otherName: 'Padel', movingTime: 40, startDate: '2026-04-02', startTime: '06:15' });
    expect(await annualPoints(ctx.db, me.id, 2025)).toBe(0);
    expect(await annualPoints(ctx.db, me.id, 2026)).toBe(40);
  });

  test('accepts the new day as an ISO date-time', async () => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    const row = await seedActivity(ctx.db, me.id, '2026-11-01T08:00:00.000Z');
    const response = await asUser(ctx, me)(put(row.id, { name: 'Running', movingTime: 30, startDate: '2026-11-02T00:00:00.000Z' }));
    expect(response.json()).toMatchObject({ startDate: '2026-11-02', startTime: '08:00' });
  });

  test("another user's activity answers 404 and stays unchanged", async () => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    const other = await seedUser(ctx.db);
    const theirs = await seedActivity(ctx.db, other.id, '2026-11-01T08:00:00.000Z', 30, 'Running');
    const response = await asUser(ctx, me)(put(theirs.id, { name: 'Yoga', movingTime: 99, startDate: '2026-11-02' }));
    expect(response.statusCode).toBe(404);
    expect(response.json().serverCode).toBe('NOT_FOUND');
    expect(await activityRows(ctx.db, other.id)).toEqual([expect.objectContaining({ name: 'Running', movingTime: 30, startDate: '2026-11-01' })]);
  });

  test.each([
    ['a missing id', 999_999, { name: 'Yoga', movingTime: 5, startDate: '2026-11-02' }, 404, 'NOT_FOUND'],
    ['a non-numeric id', 'abc', { name: 'Yoga', movingTime: 5, startDate: '2026-11-02' }, 400, 'VALIDATION_FAILED'],
    ['an invalid body', 'own', { name: '', movingTime: 0 }, 400, 'VALIDATION_FAILED'],
    ['a future day', 'own', { name: 'Yoga', movingTime: 5, startDate: '2026-11-23' }, 400, 'FUTURE_DATE'],
    ['a day of a closed year', 'own', { name: 'Yoga', movingTime: 5, startDate: '2026-03-31' }, 403, 'EDIT_WINDOW_CLOSED'],
  ])('rejects %s and changes nothing', async (_, id, body, status, code) => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    const mine = await seedActivity(ctx.db, me.id, '2026-11-01T08:00:00.000Z', 30, 'Running');
    const response = await asUser(ctx, me)(put(id === 'own' ? mine.id : id, body));
    expect(response.statusCode).toBe(status);
    expect(response.json().serverCode).toBe(code);
    expect(await activityRows(ctx.db, me.id)).toEqual([expect.objectContaining({ name: 'Running', movingTime: 30, startDate: '2026-11-01' })]);
  });

  test('an activity whose day left the window cannot be edited, even to move it into the window', async () => {
    const ctx = await createTestApp({ now: '2026-04-15T00:00:00Z' });
    const me = await seedUser(ctx.db);
    const old = await seedActivity(ctx.db, me.id, '2026-03-20T08:00:00.000Z');
    const response = await asUser(ctx, me)(put(old.id, { name: 'Running', movingTime: 30, startDate: '2026-04-02' }));
    expect(response.statusCode).toBe(403);
    expect(response.json().serverCode).toBe('EDIT_WINDOW_CLOSED');
    expect((await activityRows(ctx.db, me.id))[0]!.startDate).toBe('2026-03-20');
  });
});

describe('DELETE /api/user/activity/:id', () => {
  test('deletes an own activity and its points', async () => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    const run = asUser(ctx, me);
    const created = (await run(log({ name: 'Yoga', movingTime: 30, startTime: '2026-11-20' }))).json();
    const response = await run(del(created.id));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await activityRows(ctx.db, me.id)).toHaveLength(0);
    expect(await annualPoints(ctx.db, me.id, 2026)).toBe(0);
    expect((await run(del(created.id))).statusCode).toBe(404);
  });

  test("another user's activity answers 404 and stays", async () => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    const other = await seedUser(ctx.db);
    const theirs = await seedActivity(ctx.db, other.id, '2026-11-01T08:00:00.000Z');
    expect((await asUser(ctx, me)(del(theirs.id))).statusCode).toBe(404);
    expect(await activityRows(ctx.db, other.id)).toHaveLength(1);
  });

  test('an activity of a closed year answers 403 once the April grace is over (clock moves)', async () => {
    const ctx = await createTestApp({ now: '2026-04-14T12:00:00Z' });
    const me = await seedUser(ctx.db);
    const run = asUser(ctx, me);
    const created = (await run(log({ name: 'Yoga', movingTime: 30, startTime: '2026-03-30' }))).json();
    ctx.clock.set('2026-04-15T00:00:01Z');
    const response = await run(del(created.id));
    expect(response.statusCode).toBe(403);
    expect(response.json().serverCode).toBe('EDIT_WINDOW_CLOSED');
    expect(await activityRows(ctx.db, me.id)).toHaveLength(1);
  });
});
