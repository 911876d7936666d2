import { signedInToken } from '../../support/signed-in-token';
import { users } from '../../../server/db/schema';
import { createTrackers } from '../../../server/modules/trackers/create-trackers';
import { trackersService } from '../../../server/modules/trackers/service';
import type { TrackerPanel } from '@/contract/trackers';
import { fakeTrackerConfig } from './fake-provider';
import { connect, exercise, imported, provider, setup, statusOf, stravaRun, sync, useFakeProvider, type Ctx } from './helpers';

useFakeProvider();

/*
 * The error answers of the documented fakes (fake-google-health.ts, fake-strava.ts) as an employee
 * and the administrator meet them: what the screen says, whether the connection must be made again,
 * and what the admin panel counts.
 */

const panel = async (ctx: Ctx) => {
  const [admin] = await ctx.db.insert(users).values({ role: 'admin', email: `admin${Math.random()}@example.com`, passwordHash: 'x', firstName: 'A', lastName: 'A', gender: 'other', levelOfCompetition: 'Beginner' }).returning();
  const token = await signedInToken(ctx.db, ctx.config, { id: admin!.id, role: 'admin' }, ctx.clock.now());
  return (await ctx.app.inject({ method: 'GET', url: '/api/admin/trackers', headers: { authorization: `Bearer ${token}` } })).json() as TrackerPanel;
};
const providerRow = async (ctx: Ctx, apiType: 'STRAVA' | 'FITBIT') => (await panel(ctx)).providers.find((row) => row.apiType === apiType)!;
const refreshes = (path: string) => provider.requests.filter((request) => request.path === path && request.form.get('grant_type') === 'refresh_token').length;

/** The service a job handler runs, with the retries it asks for kept here (pg-boss cannot be moved in time). */
const serviceKeepingRetries = (ctx: Ctx) => {
  const retries: { service: string; at: string | undefined }[] = [];
  const service = trackersService({
    db: ctx.db,
    clock: ctx.clock,
    config: ctx.config,
    trackers: createTrackers(fakeTrackerConfig(provider.url) as never, ctx.db, ctx.clock),
    tasks: { sync: async (_user, type, options) => void retries.push({ service: type, at: options?.at?.toISOString() }), stravaInbox: async () => undefined, revokeLater: async () => undefined },
  });
  return { service, retries };
};

describe('Google Health error answers', () => {
  test('401 UNAUTHENTICATED: one token refresh and one retry, which imports', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'FITBIT');
    await ctx.jobs.whenIdle();
    provider.google.exercises = [exercise('p1', '2026-11-21T09:00:00Z', 1200)];
    provider.google.failNext = [401];
    const before = refreshes('/google/token');
    expect(await sync(ctx, jane)).toEqual({ imported: 1, problems: [], queued: ['FITBIT'] });
    expect(refreshes('/google/token')).toBe(before + 1);
    expect(await imported(ctx.db, jane.id)).toHaveLength(1);
    expect((await statusOf(ctx, jane)).services[0]).toMatchObject({ state: 'connected', lastAttemptOk: true, lastResult: '1 activity imported' });
  });

  test('403 ACCESS_TOKEN_SCOPE_INSUFFICIENT: the employee is asked to connect again; a fault of theirs, not of the set-up', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'FITBIT');
    await ctx.jobs.whenIdle();
    provider.google.failNext = ['scope-insufficient'];
    const message = 'Google refused access to your Fitbit activities (the permission to read them was not granted or was withdrawn). Please connect Fitbit again.';
    expect((await sync(ctx, jane)).problems).toEqual([{ apiType: 'FITBIT', message }]);
    expect((await statusOf(ctx, jane)).services[0]).toMatchObject({ state: 'reconnect_needed', lastResult: message });
    expect(await providerRow(ctx, 'FITBIT')).toMatchObject({ needsAdministrator: null, failures: [{ reason: 'forbidden', operator: false, count: 1 }] });
  });

  test('429 RESOURCE_EXHAUSTED without Retry-After: the sync is tried again when the next quarter hour begins, the connection stays', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'FITBIT');
    await ctx.jobs.whenIdle();
    const { service, retries } = serviceKeepingRetries(ctx);
    provider.google.failNext = [429];
    const outcome = await service.syncService(jane.id, 'FITBIT', ctx.app.log);
    expect(outcome.problem).toEqual({
      message: 'Fitbit is busy: this app made too many requests for now. Your activities will be imported after 10:15 UTC.',
      reconnectNeeded: false,
      retryAt: new Date('2026-11-22T10:15:00.000Z'),
    });
    expect(retries).toEqual([{ service: 'FITBIT', at: '2026-11-22T10:15:00.000Z' }]);
    expect((await statusOf(ctx, jane)).services[0]!.state).toBe('connected');
    // The retry, once run, imports.
    provider.google.exercises = [exercise('p1', '2026-11-21T09:00:00Z', 1200)];
    ctx.clock.advance(15 * 60_000);
    expect((await service.syncService(jane.id, 'FITBIT', ctx.app.log)).imported).toBe(1);
    expect(await providerRow(ctx, 'FITBIT')).toMatchObject({ failures: [{ reason: 'rate_limited', operator: false, count: 1 }] });
  });
});

describe('Strava error answers', () => {
  test('410 Gone: explained, the connection is kept (connecting again cannot bring a switched-off address back)', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'STRAVA');
    await ctx.jobs.whenIdle();
    provider.strava.failNext = [410];
    const message = 'Strava no longer offers what this app asked for (the address was switched off). Please ask your administrator; connecting again may help.';
    expect((await sync(ctx, jane)).problems).toEqual([{ apiType: 'STRAVA', message }]);
    expect((await statusOf(ctx, jane)).services[0]).toMatchObject({ state: 'connected', lastAttemptOk: false, lastResult: message });
    expect(await providerRow(ctx, 'STRAVA')).toMatchObject({ needsAdministrator: null, failures: [{ reason: 'gone', operator: false, count: 1 }] });
    provider.strava.activities = [stravaRun(1, '2026-11-21T07:00:00Z', 600)];
    expect((await sync(ctx, jane)).imported).toBe(1);
  });

  test('invalid_client at the token endpoint (a wrong client secret) pauses Strava for the administrator; nobody is asked to reconnect', async () => {
    const { ctx, jane } = await setup();
    provider.strava.expiresAt = Math.floor(Date.parse('2026-11-22T09:00:00Z') / 1000);
    await connect(ctx, jane, 'STRAVA');
    await ctx.jobs.whenIdle();
    provider.strava.clientSecret = 'rotated-at-strava';
    ctx.clock.advance(60_000);
    const paused = 'Syncing with Strava is paused; your administrator has been told';
    expect((await sync(ctx, jane)).problems).toEqual([{ apiType: 'STRAVA', message: paused }]);
    expect((await statusOf(ctx, jane)).services[0]).toMatchObject({ state: 'paused', lastResult: paused });
    expect(await providerRow(ctx, 'STRAVA')).toMatchObject({
      needsAdministrator: { reason: 'invalid_client', since: '2026-11-22T10:01:00.000Z' },
      connections: { connected: 1, reconnectNeeded: 0 },
      failures: [{ reason: 'invalid_client', operator: true, count: 1 }],
    });
    // Connecting fails the same way: the code exchange is refused for the app, not for the athlete.
    const again = await connect(ctx, jane, 'STRAVA');
    expect(again.response.statusCode).toBe(503);
    expect(again.response.json()).toMatchObject({ serverCode: 'TRACKER_PAUSED', message: paused });
  });
});
