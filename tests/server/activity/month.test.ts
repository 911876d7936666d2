import { createTestApp } from '../helpers/test-app';
import { asUser, seedActivity, seedEvent, seedSteps, seedUser } from './helpers';

const month = (query: string) => ({ method: 'GET' as const, url: `/api/user/activity?${query}` });

describe('GET /api/user/activity (month)', () => {
  test('a new user gets the empty shape', async () => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    const response = await asUser(ctx, me)(month('startDate=2026-11-01&endDate=2026-11-30'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      activities: [],
      dailyStepsAchievements: [],
      movingAnalytics: { totalMonth: 0, totalAnnual: 0 },
      eventParticipationDates: [],
    });
  });

  test('answers only the caller rows of the range, with month and competition-year totals', async () => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    const other = await seedUser(ctx.db);
    await seedActivity(ctx.db, me.id, '2026-11-03T07:30:00.000Z', 45, 'Running');
    await seedActivity(ctx.db, me.id, '2026-11-30T18:00:00.000Z', 20, 'Kayaking');
    await seedActivity(ctx.db, me.id, '2026-10-31T12:00:00.000Z', 100); // same CY, other month
    await seedActivity(ctx.db, me.id, '2026-04-01T00:00:00.000Z', 7); // first day of the CY
    await seedActivity(ctx.db, me.id, '2026-03-31T23:59:00.000Z', 1000); // previous CY
    await seedActivity(ctx.db, other.id, '2026-11-04T00:00:00.000Z', 500);
    await seedSteps(ctx.db, me.id, '2026-11-05');
    await seedSteps(ctx.db, me.id, '2026-12-01');
    await seedSteps(ctx.db, other.id, '2026-11-06');
    await seedEvent(ctx.db, me.id, '2026-11-10');
    await seedEvent(ctx.db, me.id, '2026-11-10', 'Second race');
    await seedEvent(ctx.db, me.id, '2026-11-01');
    await seedEvent(ctx.db, other.id, '2026-11-11');

    const body = (await asUser(ctx, me)(month('startDate=2026-11-01&endDate=2026-11-30'))).json();
    expect(body.activities).toEqual([
      expect.objectContaining({ name: 'Running', otherName: null, title: 'Running', movingTime: 45, startDate: '2026-11-03', startTime: '07:30', start: '2026-11-03T07:30:00.000Z', end: '2026-11-03T08:15:00.000Z', source: 'manual' }),
      expect.objectContaining({ name: 'Kayaking', otherName: 'Kayaking', title: 'Kayaking', startDate: '2026-11-30', startTime: '18:00' }),
    ]);
    expect(body.dailyStepsAchievements).toEqual([{ id: expect.any(Number), date: '2026-11-05', isDailyStepsBonus: true }]);
    expect(body.eventParticipationDates).toEqual(['2026-11-01', '2026-11-10']);
    expect(body.movingAnalytics).toEqual({ totalMonth: 65, totalAnnual: 65 + 100 + 7 });
  });

  test('annual total follows the competition year of the range start (March belongs to the year before)', async () => {
    const ctx = await createTestApp({ now: '2026-04-10T10:00:00Z' });
    const me = await seedUser(ctx.db);
    await seedActivity(ctx.db, me.id, '2025-04-01T00:00:00.000Z', 10);
    await seedActivity(ctx.db, me.id, '2026-03-31T00:00:00.000Z', 20);
    await seedActivity(ctx.db, me.id, '2026-04-01T00:00:00.000Z', 40);
    const run = asUser(ctx, me);
    const march = (await run(month('startDate=2026-03-01&endDate=2026-03-31'))).json();
    expect(march.movingAnalytics).toEqual({ totalMonth: 20, totalAnnual: 30 });
    const april = (await run(month('startDate=2026-04-01&endDate=2026-04-30'))).json();
    expect(april.movingAnalytics).toEqual({ totalMonth: 40, totalAnnual: 40 });
  });

  test('accepts ISO date-times (the calendar sends them) and reduces them to UTC days', async () => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    await seedActivity(ctx.db, me.id, '2026-11-30T23:00:00.000Z', 15);
    const response = await asUser(ctx, me)(month('startDate=2026-11-01T00:00:00Z&endDate=2026-11-30T23:59:59.999Z'));
    expect(response.statusCode).toBe(200);
    expect(response.json().movingAnalytics.totalMonth).toBe(15);
  });

  test.each([
    ['end before start', 'startDate=2026-11-30&endDate=2026-11-01', 'endDate must not be before startDate'],
    ['a range over 62 days', 'startDate=2026-01-01&endDate=2026-03-05', 'The date range must be at most 62 days'],
    ['a missing endDate', 'startDate=2026-11-01', undefined],
    ['a missing query', '', undefined],
    ['a malformed date', 'startDate=11/01/2026&endDate=2026-11-30', 'Date must be YYYY-MM-DD or an ISO date-time'],
    ['an impossible day', 'startDate=2026-02-30&endDate=2026-03-01', 'Date must be YYYY-MM-DD or an ISO date-time'],
  ])('rejects %s with 400', async (_, query, message) => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    const response = await asUser(ctx, me)(month(query));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, serverCode: 'VALIDATION_FAILED' });
    if (message) expect(response.json().message).toBe(message);
  });

  test('a 62-day range is served', async () => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    const response = await asUser(ctx, me)(month('startDate=2026-09-01&endDate=2026-11-01'));
    expect(response.statusCode).toBe(200);
  });

  test('needs a signed-in employee', async () => {
    const ctx = await createTestApp();
    const admin = await seedUser(ctx.db, 'admin');
    const anonymous = await ctx.app.inject(month('startDate=2026-11-01&endDate=2026-11-30'));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().serverCode).toBe('UNAUTHENTICATED');
    const asAdmin = await asUser(ctx, admin)(month('startDate=2026-11-01&endDate=2026-11-30'));
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().serverCode).toBe('FORBIDDEN');
  });
});
