import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/db/rows';
import { providerBudgets } from '../../../server/db/schema';
import { createTrackers } from '../../../server/modules/trackers/create-trackers';
import { databaseBudget } from '../../../server/modules/trackers/budget';
import { trackersService } from '../../../server/modules/trackers/service';
import { createStravaClient } from '../../../server/trackers/providers/strava/client';
import { spreadSeconds } from '../../../server/modules/trackers/spread';
import { fakeTrackerConfig } from './fake-provider';
import { addUser, connect, imported, provider, setup, statusOf, stravaRun, sync, useFakeProvider, type Ctx } from './helpers';

useFakeProvider();

/** Each event Strava posts has its own time (a copy of one already kept is ignored). */
let eventTime = 1764000000;
const nextEventTime = () => (eventTime += 1);

const stravaReads = () => provider.requests.filter((request) => request.path.startsWith('/strava-api/athlete') || request.path.startsWith('/strava-api/activities')).length;
const webhook = (ctx: Ctx, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/trackers/strava/webhook', payload });
const event = (aspect: string, id: number, updates: object = {}) => ({ object_type: 'activity', object_id: id, aspect_type: aspect, owner_id: 4242, subscription_id: 1, event_time: nextEventTime(), updates });

describe('Strava within its budget', () => {
  test('the safety net skips Strava connections that had a webhook event lately, and visits quiet ones', async () => {
    const { ctx, jane } = await setup();
    const olga = await addUser(ctx, 'olga');
    await connect(ctx, jane, 'STRAVA');
    await connect(ctx, olga, 'STRAVA');
    await ctx.jobs.whenIdle();
    ctx.clock.advance(2 * 86_400_000);
    // The fake's athletes are all 4242: the event is news for both connections.
    provider.strava.activities = [stravaRun(5, '2026-11-23T07:00:00Z', 600)];
    await webhook(ctx, event('create', 5));
    ctx.clock.advance(2 * 86_400_000);
    provider.requests.length = 0;
    await ctx.jobs.send('trackers.sync-all', {});
    await ctx.jobs.whenIdle();
    // Two days since the event: not quiet for three days, so no list read at all.
    expect(provider.requests.filter((request) => request.path === '/strava-api/athlete/activities')).toEqual([]);
    ctx.clock.advance(86_400_000);
    await ctx.jobs.send('trackers.sync-all', {});
    await ctx.jobs.whenIdle();
    // Both are due; the first is visited now, the second waits its turn in the spread (30 s later here).
    expect(new Set(provider.requests.filter((request) => request.path === '/strava-api/athlete/activities').map((request) => request.authorization)).size).toBe(1);
    expect(spreadSeconds(1, 2, 60)).toBe(30);
    expect([0, 1, 2, 3].map((index) => spreadSeconds(index, 4, 21_600))).toEqual([0, 5400, 10_800, 16_200]);
  });

  test('background work stops at the webhook reserve; a webhook fetch still reads', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'STRAVA');
    await ctx.jobs.whenIdle();
    // Strava reports 700 of the day's 1,000 reads spent: 300 left is the reserve.
    provider.strava.readDailyUsage = 699;
    provider.strava.activities = [stravaRun(7, '2026-11-22T07:00:00Z', 900)];
    await webhook(ctx, event('create', 7));
    expect((await imported(ctx.db, jane.id)).map((row) => row.externalId)).toEqual(['7']);
    const [day] = (await ctx.db.select().from(providerBudgets)).filter((row) => row.window === 'day');
    expect(day).toMatchObject({ limit: 1000, used: 700 });
    ctx.clock.advance(4 * 86_400_000 - 3_600_000);
    await ctx.db.update(providerBudgets).set({ windowStart: new Date('2026-11-26T00:00:00Z') });
    const before = stravaReads();
    const retries: Date[] = [];
    const service = trackersService({
      db: ctx.db,
      clock: ctx.clock,
      config: ctx.config,
      trackers: createTrackers(fakeTrackerConfig(provider.url) as never, ctx.db, ctx.clock),
      tasks: { sync: async (_user, _type, options) => void (options?.at && retries.push(options.at)), stravaInbox: async () => undefined, revokeLater: async () => undefined },
    });
    const outcome = await service.syncService(jane.id, 'STRAVA', ctx.app.log, { background: true });
    expect(outcome).toMatchObject({ requests: 0, problem: null });
    expect(stravaReads()).toBe(before);
    // Tried again the next UTC day.
    expect(retries[0]!.toISOString().slice(0, 10)).toBe('2026-11-27');
  });

  test('a new connection\'s backfill waits for the next UTC day while the day\'s reads are down to the webhook reserve', async () => {
    const { ctx, jane } = await setup();
    // Strava reported 650 of today's 1,000 reads left at 10:00 UTC: under the reserve of 700 kept until noon.
    await ctx.db.insert(providerBudgets).values({ provider: 'strava', window: 'day', windowStart: new Date('2026-11-22T00:00:00Z'), limit: 1000, used: 350 });
    provider.strava.activities = [stravaRun(1, '2026-11-21T07:00:00Z', 600)];
    const before = stravaReads();
    await connect(ctx, jane, 'STRAVA');
    await ctx.jobs.whenIdle();
    expect(stravaReads()).toBe(before);
    expect(await imported(ctx.db, jane.id)).toEqual([]);
    expect((await statusOf(ctx, jane)).services[0]).toMatchObject({ state: 'connected', lastAttemptAt: null, lastSyncAt: null });
    // Queued again as background work for the next UTC day (00:00 + the user's minute in its first six hours).
    const [queued] = rowsOf<{ data: { userId: number; background: boolean }; wait: number }>(
      await ctx.db.execute(sql`select data, extract(epoch from start_after - now())::int as wait from pgboss.job where name = 'trackers.sync' and state = 'created'`),
    );
    expect(queued!.data).toMatchObject({ userId: jane.id, background: true });
    const untilMidnight = 14 * 3600;
    expect(queued!.wait).toBeGreaterThan(untilMidnight + jane.id * 60 - 120);
    expect(queued!.wait).toBeLessThan(untilMidnight + jane.id * 60 + 120);
    // The employee's own 'Sync now' is not background work: it reads.
    expect((await sync(ctx, jane)).imported).toBe(1);
  });

  test('a page cap continues on the next run from the stored cursor', async () => {
    const { ctx, jane } = await setup();
    const base = Date.parse('2026-06-01T10:00:00Z');
    provider.strava.activities = Array.from({ length: 450 }, (_, index) => stravaRun(index + 1, new Date(base + index * 3_600_000).toISOString(), 1800));
    await connect(ctx, jane, 'STRAVA');
    await ctx.jobs.whenIdle();
    await ctx.db.delete((await import('../../../server/db/schema')).activities);
    const config = fakeTrackerConfig(provider.url);
    const continuations: boolean[] = [];
    const service = trackersService({
      db: ctx.db,
      clock: ctx.clock,
      config: ctx.config,
      trackers: { STRAVA: createStravaClient(config.strava, databaseBudget(ctx.db, ctx.clock), () => ctx.clock.now().getTime(), 2), FITBIT: null },
      tasks: { sync: async (_user, _type, options) => void continuations.push(options?.background ?? false), stravaInbox: async () => undefined, revokeLater: async () => undefined },
    });
    await ctx.db.execute((await import('drizzle-orm')).sql`update tracker_connections set last_synced_at = null, resume_after = null`);
    provider.requests.length = 0;
    await service.syncService(jane.id, 'STRAVA', ctx.app.log, { background: true });
    expect(await imported(ctx.db, jane.id)).toHaveLength(400);
    expect(continuations).toEqual([true]);
    await service.syncService(jane.id, 'STRAVA', ctx.app.log, { background: true });
    expect(await imported(ctx.db, jane.id)).toHaveLength(450);
    const afters = provider.requests.filter((request) => request.path === '/strava-api/athlete/activities').map((request) => Number(request.query.get('after')));
    // The second run asked from just before the 400th activity's start, not from the beginning.
    expect(afters[2]).toBe((base + 399 * 3_600_000) / 1000 - 1);
    expect(continuations).toEqual([true]);
  });

  test('an update event that names only a new title of a typed activity, or its privacy, needs no read; a new sport is read', async () => {
    const { ctx, jane } = await setup();
    provider.strava.activities = [stravaRun(9, '2026-11-21T07:00:00Z', 1800)];
    await connect(ctx, jane, 'STRAVA');
    await ctx.jobs.whenIdle();
    const before = stravaReads();
    await webhook(ctx, event('update', 9, { title: 'Renamed run' }));
    await webhook(ctx, event('update', 9, { private: 'true' }));
    expect(stravaReads()).toBe(before);
    expect((await imported(ctx.db, jane.id))[0]).toMatchObject({ name: 'Running', isPrivate: true });
    // A change of sport to one we keep the title for needs the record.
    provider.strava.activities = [stravaRun(9, '2026-11-21T07:00:00Z', 1800, { sport_type: 'Kitesurf', name: 'Kite' })];
    await webhook(ctx, event('update', 9, { type: 'Kitesurf' }));
    expect(stravaReads()).toBe(before + 1);
    expect((await imported(ctx.db, jane.id))[0]!.name).toBe('Kite');
  });
});
