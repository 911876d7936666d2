import { eq } from 'drizzle-orm';
import { stravaWebhookEvents, trackerConnections } from '../../../server/db/schema';
import { stravaInboxRepo } from '../../../server/trackers/providers/strava/inbox-repo';
import { EVENT_READS_PER_ATHLETE } from '../../../server/trackers/providers/strava/inbox';
import { PROVIDER_ATTEMPTS } from '../../../server/trackers/providers/provider-request';
import { stravaEventFor } from './fake-provider';
import { connect, imported, outage, points, provider, setup, statusOf, stravaRun, sync, useFakeProvider, type Ctx } from './helpers';

useFakeProvider();

const webhook = (ctx: Ctx, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/trackers/strava/webhook', payload });
/** What the every-minute schedule does in production: apply what is due. */
const drain = async (ctx: Ctx) => {
  await ctx.jobs.send('trackers.strava-inbox', {}, { singletonKey: 'now' });
  await ctx.jobs.whenIdle({ timeoutMs: 30_000 }); // a backoff's real-time drain may fall due midway (test-app.ts)
};
const activityReads = () => provider.requests.filter((request) => request.path.startsWith('/strava-api/activities/')).length;
const inbox = (ctx: Ctx) => ctx.db.select().from(stravaWebhookEvents).orderBy(stravaWebhookEvents.id);
const event = (aspect: 'create' | 'update' | 'delete', id: number) => stravaEventFor(provider.strava, aspect, id)!;

const connected = async () => {
  const { ctx, jane } = await setup();
  await connect(ctx, jane, 'STRAVA');
  await ctx.jobs.whenIdle();
  return { ctx, jane };
};

describe('Strava events are kept until applied (docs/trackers.md "How a connection works")', () => {
  test('a read that meets an outage waits with backoff; once Strava answers it is applied within two minutes, and only then marks the connection', async () => {
    const { ctx, jane } = await connected();
    provider.strava.activities = [stravaRun(5, '2026-11-21T07:00:00Z', 1800)];
    provider.strava.failNext = [...outage(503), ...outage(502)];
    expect((await webhook(ctx, event('create', 5))).statusCode).toBe(200);
    expect(await imported(ctx.db, jane.id)).toEqual([]);
    const [waiting] = await inbox(ctx);
    expect(waiting).toMatchObject({ doneAt: null, parked: false });
    // The first wait is short (10 s with jitter), never more than two minutes.
    expect(waiting!.nextAttemptAt.getTime() - ctx.clock.now().getTime()).toBeLessThanOrEqual(120_000);
    const [row] = await ctx.db.select().from(trackerConnections).where(eq(trackerConnections.userId, jane.id));
    expect(row!.lastEventAt).toBeNull();

    // Still down at the next try: it waits longer, still within two minutes.
    ctx.clock.advance(120_000);
    await drain(ctx);
    expect(await imported(ctx.db, jane.id)).toEqual([]);
    const [again] = await inbox(ctx);
    expect(again!.attempts).toBe(2);
    expect(again!.nextAttemptAt.getTime() - ctx.clock.now().getTime()).toBeLessThanOrEqual(120_000);

    // Strava answers again.
    ctx.clock.advance(120_000);
    await drain(ctx);
    expect((await imported(ctx.db, jane.id)).map((activity) => activity.externalId)).toEqual(['5']);
    expect((await inbox(ctx))[0]!.doneAt).not.toBeNull();
    const [marked] = await ctx.db.select().from(trackerConnections).where(eq(trackerConnections.userId, jane.id));
    expect(marked!.lastEventAt).not.toBeNull();
  });

  test('a deletion whose read times out or is refused as an operator fault still removes the points once Strava answers', async () => {
    const { ctx, jane } = await setup();
    provider.strava.activities = [stravaRun(6, '2026-11-21T07:00:00Z', 1800)];
    await connect(ctx, jane, 'STRAVA');
    await ctx.jobs.whenIdle();
    expect(await points(ctx.db, jane.id, 2026)).toBe(30);
    provider.strava.activities = [];
    provider.strava.failNext = ['app-suspended'];
    await webhook(ctx, event('delete', 6));
    expect(await points(ctx.db, jane.id, 2026)).toBe(30);
    ctx.clock.advance(120_000);
    await drain(ctx);
    expect(await imported(ctx.db, jane.id)).toEqual([]);
    expect(await points(ctx.db, jane.id, 2026)).toBe(0);
  });

  test('an outage costs one probe per try, not one read per waiting event', async () => {
    const { ctx, jane } = await connected();
    provider.strava.activities = [1, 2, 3, 4].map((id) => stravaRun(id, `2026-11-1${id}T07:00:00Z`, 1200));
    provider.strava.failNext = Array.from({ length: 100 }, () => 503);
    provider.requests.length = 0;
    for (const id of [1, 2, 3, 4]) await webhook(ctx, event('create', id));
    expect(activityReads()).toBe(PROVIDER_ATTEMPTS);
    ctx.clock.advance(120_000);
    await drain(ctx);
    expect(activityReads()).toBe(2 * PROVIDER_ATTEMPTS);
    expect((await inbox(ctx)).filter((row) => row.doneAt === null)).toHaveLength(4);
    provider.strava.failNext = [];
    ctx.clock.advance(120_000);
    await drain(ctx);
    expect(await imported(ctx.db, jane.id)).toHaveLength(4);
  });

  test('an event held by a process that stopped is applied once its lease ends (nothing lost on a restart)', async () => {
    const { ctx, jane } = await connected();
    provider.strava.activities = [stravaRun(7, '2026-11-21T07:00:00Z', 1800)];
    await ctx.injectWithoutWaiting({ method: 'POST', url: '/api/trackers/strava/webhook', payload: event('create', 7) });
    await ctx.jobs.whenIdle();
    // A second event claimed by a process that then stopped.
    provider.strava.activities.push(stravaRun(8, '2026-11-21T09:00:00Z', 600));
    await stravaInboxRepo(ctx.db).keepEvent(event('create', 8) as never, ctx.clock.now());
    expect(await stravaInboxRepo(ctx.db).claimDue(ctx.clock.now(), new Date(ctx.clock.now().getTime() + 5 * 60_000), 10)).toHaveLength(1);
    await drain(ctx);
    expect((await imported(ctx.db, jane.id)).map((row) => row.externalId)).toEqual(['7']);
    ctx.clock.advance(5 * 60_000);
    await drain(ctx);
    expect((await imported(ctx.db, jane.id)).map((row) => row.externalId)).toEqual(['7', '8']);
  });

  test('events for a connection that needs reconnecting wait for it; connecting again applies them (a deletion included)', async () => {
    const { ctx, jane } = await setup();
    provider.strava.activities = [stravaRun(9, '2026-11-21T07:00:00Z', 1800)];
    await connect(ctx, jane, 'STRAVA');
    await ctx.jobs.whenIdle();
    provider.strava.failNext = [401, 401];
    await sync(ctx, jane);
    expect((await statusOf(ctx, jane)).services[0]!.state).toBe('reconnect_needed');
    provider.strava.activities = [];
    provider.requests.length = 0;
    await webhook(ctx, event('delete', 9));
    expect(activityReads()).toBe(0);
    expect(await points(ctx.db, jane.id, 2026)).toBe(30);
    expect((await inbox(ctx))[0]).toMatchObject({ parked: true, doneAt: null });

    await connect(ctx, jane, 'STRAVA');
    await ctx.jobs.whenIdle();
    expect(await imported(ctx.db, jane.id)).toEqual([]);
    expect(await points(ctx.db, jane.id, 2026)).toBe(0);
  });
});

describe('Strava scope (docs/trackers.md "Set-up")', () => {
  test('activity events flow only with activity:read: a grant without it is refused, the full grant gets its events applied', async () => {
    const { ctx, jane } = await setup();
    provider.strava.grantedScope = 'read,activity:read_all';
    const refused = (await connect(ctx, jane, 'STRAVA')).response;
    expect(refused.json()).toMatchObject({ serverCode: 'TRACKER_SCOPE_MISSING' });
    // Such a grant receives no activity events at Strava.
    provider.strava.activities = [stravaRun(11, '2026-11-21T07:00:00Z', 1800)];
    expect(stravaEventFor(provider.strava, 'create', 11)).toBeNull();

    provider.strava.grantedScope = 'read,activity:read,activity:read_all';
    await connect(ctx, jane, 'STRAVA');
    await ctx.jobs.whenIdle();
    provider.strava.activities.push(stravaRun(12, '2026-11-21T12:00:00Z', 900, { visibility: 'only_me', private: true }));
    const onlyMe = stravaEventFor(provider.strava, 'create', 12);
    expect(onlyMe).not.toBeNull();
    await webhook(ctx, onlyMe!);
    expect((await imported(ctx.db, jane.id)).map((row) => [row.externalId, row.isPrivate])).toEqual([
      ['11', false],
      ['12', true],
    ]);
  });
});

describe('forged Strava events (docs/trackers.md "How a connection works")', () => {
  test('1,000 forged events cost a handful of reads, and the genuine event among them is applied', async () => {
    const { ctx, jane } = await connected();
    provider.strava.activities = [stravaRun(500, '2026-11-22T07:00:00Z', 1800)];
    const genuine = event('create', 500);
    const forged: object[] = [];
    // Another subscription id, copies of one event, deletions of workouts we do not hold, creations of ids that do not exist.
    for (let index = 0; index < 400; index += 1) forged.push({ ...genuine, object_id: 10_000 + index, subscription_id: 77 });
    for (let index = 0; index < 200; index += 1) forged.push({ ...genuine, object_id: 20_000, event_time: 1 });
    for (let index = 0; index < 200; index += 1) forged.push({ ...genuine, object_id: 30_000 + index, aspect_type: 'delete', event_time: 2 + index });
    for (let index = 0; index < 199; index += 1) forged.push({ ...genuine, object_id: 40_000 + index, event_time: 500 + index });
    forged.splice(500, 0, genuine);
    expect(forged).toHaveLength(1000);
    provider.requests.length = 0;
    for (const payload of forged) expect((await ctx.injectWithoutWaiting({ method: 'POST', url: '/api/trackers/strava/webhook', payload })).statusCode).toBe(200);
    // The inbox's work on 1,000 events takes ~10 s on PostgreSQL on a 2-core machine: the test counts reads, not seconds.
    await ctx.jobs.whenIdle({ timeoutMs: 120_000 });
    await drain(ctx);
    const stravaCalls = provider.requests.filter((request) => request.path.startsWith('/strava-api/'));
    // One subscription look-up, the athlete's capped reads, and the listing sync that covers the rest.
    expect(stravaCalls.length).toBeLessThanOrEqual(EVENT_READS_PER_ATHLETE + 4);
    expect((await imported(ctx.db, jane.id)).map((row) => row.externalId)).toEqual(['500']);
  }, 300_000);
});
