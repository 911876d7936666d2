import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { MonthActivities, activityTypes } from '@/contract/activity';
import { activities, dailyStepAchievements, eventParticipations, users } from '../../../server/db/schema';
import { activityService } from '../../../server/modules/activity/service';
import { rowsOf } from '../../../server/db/rows';
import { createTestApp } from '../helpers/test-app';
import { asUser, seedActivity, seedEvent, seedSteps, seedUser } from './helpers';
import { monthEndOf } from '@/domain/days';

/*
 * month_views (migration 0005) answer the dashboard's whole-month calls. Whatever happens to the
 * rows, the view must give exactly what the rows themselves give (monthFromRows).
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const MONTHS = ['2026-03', '2026-04', '2026-05', '2026-10', '2026-11'] as const;
const lastDay = (month: string) => monthEndOf(month);
const wholeMonth = (month: string) => ({ startDate: `${month}-01`, endDate: lastDay(month) });

const viewAnswer = async (ctx: TestApp, person: { id: number; role: 'user' | 'admin' }, month: string) => {
  const { startDate, endDate } = wholeMonth(month);
  const response = await asUser(ctx, person)({ method: 'GET', url: `/api/user/activity?startDate=${startDate}&endDate=${endDate}` });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json();
};

const expectViewsEqualRows = async (ctx: TestApp, person: { id: number; role: 'user' | 'admin' }) => {
  const service = activityService(ctx);
  // Every month at once, two competition years mixed (March 2026 is in 2025's): the reads of one
  // turn share statements (tick-batch.ts) and each must still answer its own month.
  const together = await Promise.all(MONTHS.map((month) => viewAnswer(ctx, person, month)));
  for (const [index, month] of MONTHS.entries()) expect(together[index]).toEqual(await service.monthFromRows(person.id, wholeMonth(month)));
  for (const month of MONTHS) {
    const fromView = await viewAnswer(ctx, person, month);
    // The exact contract shape: nothing missing, nothing extra.
    expect(MonthActivities.strict().parse(fromView)).toEqual(fromView);
    expect(fromView).toEqual(await service.monthFromRows(person.id, wholeMonth(month)));
  }
};

const title = fc.oneof(
  fc.constantFrom(...activityTypes),
  fc.constantFrom('Kayaking', 'running', 'Say "hi" \\ back', 'Ski – piste ⛷️', 'Tab\there', '</script>'),
);
const instant = fc
  .record({ month: fc.constantFrom(...MONTHS), day: fc.integer({ min: 1, max: 31 }), minute: fc.integer({ min: 0, max: 1439 }) })
  .map(({ month, day, minute }) => {
    const date = `${month}-${String(Math.min(day, Number(lastDay(month).slice(8)))).padStart(2, '0')}`;
    return new Date(Date.parse(`${date}T00:00:00.000Z`) + minute * 60_000).toISOString();
  });
const step = fc.oneof(
  fc.record({ kind: fc.constant('activity' as const), at: instant, minutes: fc.integer({ min: 1, max: 1440 }), title }),
  fc.record({ kind: fc.constant('steps' as const), at: instant }),
  fc.record({ kind: fc.constant('event' as const), at: instant, top: fc.boolean() }),
  fc.record({ kind: fc.constant('move' as const), at: instant, pick: fc.nat(), minutes: fc.integer({ min: 1, max: 1440 }) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('bulk' as const), at: fc.array(instant, { minLength: 2, maxLength: 6 }) }),
);

describe('month_views', () => {
  test('activity_type_known() holds exactly the contract activity types', async () => {
    const ctx = await createTestApp();
    const known = async (name: string) => {
      return rowsOf<{ known: boolean }>(await ctx.db.execute(sql`select activity_type_known(${name}) as known`))[0]!.known;
    };
    for (const type of activityTypes) expect(await known(type)).toBe(true);
    for (const other of ['Kayaking', 'running', 'Running ', '']) expect(await known(other)).toBe(false);
  });

  test('random writes, moves, deletes and bulk inserts: every whole month equals the rows', async () => {
    const ctx = await createTestApp({ now: '2026-11-20T10:00:00Z' });
    const neighbour = await seedUser(ctx.db);
    await seedActivity(ctx.db, neighbour.id, '2026-11-03T07:30:00.000Z', 999);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const me = await seedUser(ctx.db);
        for (const change of steps) {
          const mine = await ctx.db.select({ id: activities.id }).from(activities).where(eq(activities.userId, me.id)).orderBy(activities.id);
          if (change.kind === 'activity') await seedActivity(ctx.db, me.id, change.at, change.minutes, change.title);
          if (change.kind === 'steps') {
            await ctx.db.insert(dailyStepAchievements).values({ userId: me.id, date: change.at.slice(0, 10) }).onConflictDoNothing();
          }
          if (change.kind === 'event') await seedEvent(ctx.db, me.id, change.at.slice(0, 10), 'Relay', change.top);
          if (change.kind === 'move' && mine.length > 0) {
            const target = mine[change.pick % mine.length]!;
            await ctx.db
              .update(activities)
              .set({ startAt: new Date(change.at), startDate: change.at.slice(0, 10), movingTime: change.minutes })
              .where(eq(activities.id, target.id));
          }
          if (change.kind === 'delete' && mine.length > 0) await ctx.db.delete(activities).where(eq(activities.id, mine[change.pick % mine.length]!.id));
          if (change.kind === 'bulk') {
            // One statement, several months: what a tracker import does.
            await ctx.db.insert(activities).values(change.at.map((at) => ({ userId: me.id, name: 'Cycling', movingTime: 15, startAt: new Date(at), startDate: at.slice(0, 10), source: 'strava' as const })));
          }
        }
        await expectViewsEqualRows(ctx, me);
      }),
      { numRuns: 12 },
    );
    // The neighbour's month never moved.
    expect((await viewAnswer(ctx, neighbour, '2026-11')).movingAnalytics).toEqual({ totalMonth: 999, totalAnnual: 999 });
  });

  test('the API writes keep the view: log, edit, delete, steps and events through the endpoints', async () => {
    const ctx = await createTestApp({ now: '2026-11-20T10:00:00Z' });
    const me = await seedUser(ctx.db);
    const run = asUser(ctx, me);
    const logged = (await run({ method: 'POST', url: '/api/user/activity/log', payload: { name: 'Other', otherName: 'Sea "kayak"', movingTime: 40, startTime: '2026-11-02T06:15:00Z' } })).json();
    await run({ method: 'POST', url: '/api/user/activity/log', payload: { name: 'Yoga', movingTime: 20, startTime: '2026-10-30' } });
    await run({ method: 'PUT', url: `/api/user/activity/${logged.id}`, payload: { name: 'Running', movingTime: 50, startDate: '2026-11-04' } });
    await run({ method: 'POST', url: '/api/user/activity/daily-step-achievement', payload: { date: '2026-11-05' } });
    await run({ method: 'POST', url: '/api/user/activity/log-event-participation', payload: { name: 'Relay', isInTheTopThree: true, date: '2026-11-06' } });
    const november = await viewAnswer(ctx, me, '2026-11');
    expect(november.activities).toEqual([expect.objectContaining({ name: 'Running', otherName: null, movingTime: 50, startDate: '2026-11-04', startTime: '06:15' })]);
    expect(november.dailyStepsAchievements).toEqual([{ id: expect.any(Number), date: '2026-11-05', isDailyStepsBonus: true }]);
    expect(november.eventParticipationDates).toEqual(['2026-11-06']);
    expect(november.movingAnalytics).toEqual({ totalMonth: 50, totalAnnual: 70 });
    await run({ method: 'DELETE', url: `/api/user/activity/${logged.id}` });
    expect((await viewAnswer(ctx, me, '2026-11')).movingAnalytics).toEqual({ totalMonth: 0, totalAnnual: 20 });
    await expectViewsEqualRows(ctx, me);
  });

  test('migration 0020 rewrites month views stored before activities had alsoRecordedBy', async () => {
    const ctx = await createTestApp();
    const me = await seedUser(ctx.db);
    await seedActivity(ctx.db, me.id, '2026-11-03T07:30:00.000Z', 30);
    const current = await viewAnswer(ctx, me, '2026-11');
    // As a database migrated before 0019 holds it: the Activity JSON without the field.
    await ctx.db.execute(sql`update month_views set activities = replace(activities, ',"alsoRecordedBy":[]', '') where user_id = ${me.id}`);
    expect((await viewAnswer(ctx, me, '2026-11')).activities[0]).not.toHaveProperty('alsoRecordedBy');
    const migration = readFileSync(fileURLToPath(new URL('../../../server/db/migrations/0020_month_views_sources.sql', import.meta.url)), 'utf8');
    await ctx.db.execute(sql.raw(migration.split('--> statement-breakpoint').at(-1)!));
    expect(await viewAnswer(ctx, me, '2026-11')).toEqual(current);
    await expectViewsEqualRows(ctx, me);
  });

  test('a user with rows can be deleted; a truncate rebuilds the views from what is left', async () => {
    const ctx = await createTestApp();
    const gone = await seedUser(ctx.db);
    const stays = await seedUser(ctx.db);
    await seedActivity(ctx.db, gone.id, '2026-11-03T07:30:00.000Z', 30);
    await seedSteps(ctx.db, gone.id, '2026-11-03');
    await seedActivity(ctx.db, stays.id, '2026-11-04T07:30:00.000Z', 45);
    await seedSteps(ctx.db, stays.id, '2026-11-04');
    await ctx.db.delete(users).where(eq(users.id, gone.id));
    const left = rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from month_views where user_id = ${gone.id}`));
    expect(left[0]!.n).toBe(0);

    await ctx.db.execute(sql`truncate activities`);
    const view = await viewAnswer(ctx, stays, '2026-11');
    expect(view.activities).toEqual([]);
    expect(view.movingAnalytics).toEqual({ totalMonth: 0, totalAnnual: 0 });
    expect(view.dailyStepsAchievements).toEqual([{ id: expect.any(Number), date: '2026-11-04', isDailyStepsBonus: true }]);
    const steps = await ctx.db.select().from(dailyStepAchievements).where(and(eq(dailyStepAchievements.userId, stays.id)));
    expect(steps).toHaveLength(1);
    expect(await ctx.db.select().from(eventParticipations)).toEqual([]);
  });
});
