import { signedInToken } from '../../support/signed-in-token';
import { users } from '../../../server/db/schema';
import type { TrackerPanel } from '@/contract/trackers';
import { connect, exercise, imported, provider, setup, statusOf, stravaRun, sync, useFakeProvider, type Ctx, outage } from './helpers';

useFakeProvider();

/** Each event Strava posts has its own time (a copy of one already kept is ignored). */
let eventTime = 1764000000;
const nextEventTime = () => (eventTime += 1);

const PAUSED_FITBIT = 'Syncing with Fitbit is paused; your administrator has been told';
const PAUSED_STRAVA = 'Syncing with Strava is paused; your administrator has been told';

const webhook = (ctx: Ctx, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/trackers/strava/webhook', payload });
const stravaEvent = (id: number) => ({ object_type: 'activity', object_id: id, aspect_type: 'create', owner_id: 4242, subscription_id: 1, event_time: nextEventTime(), updates: {} });

const panel = async (ctx: Ctx) => {
  const [admin] = await ctx.db.insert(users).values({ role: 'admin', email: `admin${Math.random()}@example.com`, passwordHash: 'x', firstName: 'A', lastName: 'A', gender: 'other', levelOfCompetition: 'Beginner' }).returning();
  const token = await signedInToken(ctx.db, ctx.config, { id: admin!.id, role: 'admin' }, ctx.clock.now());
  const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/trackers', headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  return response.json() as TrackerPanel;
};

describe('faults of the app\'s own set-up pause the provider for the administrator', () => {
  test('Google 403 SERVICE_DISABLED: employees read "paused", not "reconnect"; the panel names it; a later working sync clears it', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'FITBIT');
    await ctx.app.afterResponse.idle();
    provider.google.failNext = ['service-disabled'];
    expect((await sync(ctx, jane)).problems).toEqual([{ apiType: 'FITBIT', message: PAUSED_FITBIT }]);
    expect((await statusOf(ctx, jane)).services[0]).toMatchObject({ apiType: 'FITBIT', state: 'paused' });
    const fitbit = (await panel(ctx)).providers.find((row) => row.apiType === 'FITBIT')!;
    expect(fitbit).toMatchObject({ configured: true, needsAdministrator: { reason: 'api_not_enabled' }, connections: { connected: 1, reconnectNeeded: 0 }, failures: [{ reason: 'api_not_enabled', operator: true, count: 1 }] });
    // 'Sync now' says so without calling Google.
    const before = provider.requests.length;
    expect((await sync(ctx, jane)).problems).toEqual([{ apiType: 'FITBIT', message: PAUSED_FITBIT }]);
    expect(provider.requests.length).toBe(before);
    // The administrator enabled the API: the safety-net sync works again and the pause ends.
    provider.google.exercises = [exercise('p1', '2026-11-21T09:00:00Z', 1200)];
    ctx.clock.advance(60_000);
    await ctx.jobs.send('trackers.sync-all', {});
    await ctx.jobs.whenIdle();
    expect(await imported(ctx.db, jane.id)).toHaveLength(1);
    expect((await statusOf(ctx, jane)).services[0]!.state).toBe('connected');
    expect((await panel(ctx)).providers.find((row) => row.apiType === 'FITBIT')!.needsAdministrator).toBeNull();
  });

  test('a rotated Google client secret (invalid_client at the token endpoint) pauses instead of asking to reconnect', async () => {
    const { ctx, jane } = await setup();
    provider.google.expiresIn = 30;
    await connect(ctx, jane, 'FITBIT');
    await ctx.app.afterResponse.idle();
    provider.google.clientSecret = 'rotated-in-the-cloud-console';
    ctx.clock.advance(120_000);
    expect((await sync(ctx, jane)).problems).toEqual([{ apiType: 'FITBIT', message: PAUSED_FITBIT }]);
    expect((await statusOf(ctx, jane)).services[0]!.state).toBe('paused');
    expect((await panel(ctx)).providers[1]!.failures).toEqual([{ reason: 'invalid_client', operator: true, count: 1 }]);
  });

  test('redirect_uri_mismatch at the code exchange: the employee is told it is paused', async () => {
    const { ctx, jane } = await setup();
    provider.google.redirectUris = ['https://wellness.example/fitbit'];
    const { response } = await connect(ctx, jane, 'FITBIT');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ serverCode: 'TRACKER_PAUSED', message: PAUSED_FITBIT });
    expect((await panel(ctx)).providers[1]!.needsAdministrator).toMatchObject({ reason: 'redirect_uri_mismatch' });
  });

  test('a suspended Strava application pauses Strava; the panel shows the budget Strava reported', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'STRAVA');
    await ctx.app.afterResponse.idle();
    provider.strava.activities = [stravaRun(1, '2026-11-21T07:00:00Z', 600)];
    provider.strava.failNext = ['app-suspended'];
    expect((await sync(ctx, jane)).problems).toEqual([{ apiType: 'STRAVA', message: PAUSED_STRAVA }]);
    expect((await panel(ctx)).providers[0]!.needsAdministrator).toMatchObject({ reason: 'app_suspended' });
    expect((await statusOf(ctx, jane)).services[0]!.state).toBe('paused');
    // The read budget as Strava's X-ReadRateLimit-* headers reported it: backfill and the refused call.
    expect((await panel(ctx)).providers[0]!.budget).toEqual({ fifteenMinutes: { limit: 100, used: 2, left: 98 }, day: { limit: 1000, used: 2, left: 998 } });
  });

  test('at Strava, a webhook read that works ends the pause at once (no sync is due for days)', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'STRAVA');
    await ctx.jobs.whenIdle();
    provider.strava.failNext = ['app-suspended'];
    expect((await sync(ctx, jane)).problems).toEqual([{ apiType: 'STRAVA', message: PAUSED_STRAVA }]);
    // Strava lifted the suspension; the next event's read works.
    ctx.clock.advance(60_000);
    provider.strava.activities = [stravaRun(7, '2026-11-22T07:00:00Z', 900)];
    await webhook(ctx, stravaEvent(7));
    expect((await imported(ctx.db, jane.id)).map((row) => row.externalId)).toEqual(['7']);
    expect((await statusOf(ctx, jane)).services[0]!.state).toBe('connected');
    expect((await panel(ctx)).providers[0]!.needsAdministrator).toBeNull();
    expect((await sync(ctx, jane)).problems).toEqual([]);
  });

  test('a token refresh that works ends the pause for a refused client secret, even when the read after it fails', async () => {
    const { ctx, jane } = await setup();
    provider.strava.expiresAt = Math.floor(Date.parse('2026-11-22T09:00:00Z') / 1000);
    await connect(ctx, jane, 'STRAVA');
    await ctx.jobs.whenIdle();
    provider.strava.clientSecret = 'rotated-at-strava';
    expect((await sync(ctx, jane)).problems).toEqual([{ apiType: 'STRAVA', message: PAUSED_STRAVA }]);
    expect((await panel(ctx)).providers[0]!.needsAdministrator).toMatchObject({ reason: 'invalid_client' });
    // The administrator set the new secret; an event comes in, its read answers 503.
    provider.strava.clientSecret = 'strava-secret';
    ctx.clock.advance(60_000);
    provider.strava.failNext = outage(503);
    await webhook(ctx, stravaEvent(8));
    expect((await panel(ctx)).providers[0]!.needsAdministrator).toBeNull();
    expect((await statusOf(ctx, jane)).services[0]).toMatchObject({ state: 'connected', lastResult: 'Strava did not answer as expected. Please try again later.' });
  });
});
