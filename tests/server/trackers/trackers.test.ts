import { eq } from 'drizzle-orm';
import { signedInToken } from '../../support/signed-in-token';
import { activities, auditEvents, oauthStates, providerBudgets, trackerConnections, trackerDuplicates, users } from '../../../server/db/schema';
import { createTrackers } from '../../../server/modules/trackers/create-trackers';
import { noBudget } from '../../../server/trackers/providers/provider-request';
import { createStravaClient } from '../../../server/trackers/providers/strava/client';
import { trackersService } from '../../../server/modules/trackers/service';
import { runStravaWebhookCli } from '../../../server/trackers/providers/strava/webhook-cli';
import { openToken } from '../../../server/modules/trackers/token-seal';
import { fakeTrackerConfig, nextStravaWindow, stravaDeauthorization } from './fake-provider';
import { addUser, call, connect, exercise, imported, points, provider, setup, sourcesIn, statusOf, stravaRun, sync, useFakeProvider, type Ctx, type Person, outage } from './helpers';

useFakeProvider();

/** Each event Strava posts has its own time (a copy of one already kept is ignored). */
let eventTime = 1764000000;
const nextEventTime = () => (eventTime += 1);

describe('OAuth on the server', () => {
  test('the authorise URLs carry a server-kept state, Google PKCE S256 offline access, and redirect URIs from APP_ORIGIN', async () => {
    const { ctx, jane } = await setup();
    const strava = new URL(((await call(ctx, jane, 'POST', 'tracker-authorization', { apiType: 'STRAVA' })).json() as { url: string }).url);
    expect(Object.fromEntries(strava.searchParams)).toMatchObject({ client_id: 'strava-id', response_type: 'code', redirect_uri: 'http://localhost:3000/strava', scope: 'activity:read,activity:read_all', approval_prompt: 'force' });
    const google = new URL(((await call(ctx, jane, 'POST', 'tracker-authorization', { apiType: 'FITBIT' })).json() as { url: string }).url);
    expect(Object.fromEntries(google.searchParams)).toMatchObject({
      client_id: 'google-id',
      redirect_uri: 'http://localhost:3000/fitbit',
      scope: 'https://www.googleapis.com/auth/googlehealth.activity_and_fitness.readonly',
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
    });
    const states = await ctx.db.select().from(oauthStates).orderBy(oauthStates.service);
    expect(states.map((row) => [row.service, row.userId, row.codeVerifier === null])).toEqual([
      ['FITBIT', jane.id, false],
      ['STRAVA', jane.id, true],
    ]);
    expect(google.searchParams.get('state')).toBe(states[0]!.state);
    expect(states[0]!.expiresAt.getTime() - ctx.clock.now().getTime()).toBe(10 * 60_000);
  });

  test('connect succeeds once with its state; a used, foreign, missing or expired state is refused and no code is spent', async () => {
    const { ctx, jane } = await setup();
    const { response, body } = await connect(ctx, jane, 'STRAVA');
    expect(response.statusCode).toBe(200);
    expect((response.json() as { apis: string[] }).apis).toEqual(['STRAVA']);
    const tokenCalls = () => provider.requests.filter((request) => request.path === '/strava-oauth/oauth/token').length;
    expect(tokenCalls()).toBe(1);

    const again = await call(ctx, jane, 'POST', 'connect-strava', body);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ serverCode: 'TRACKER_STATE_INVALID' });

    const olga = await addUser(ctx, 'olga');
    const { url } = (await call(ctx, jane, 'POST', 'tracker-authorization', { apiType: 'STRAVA' })).json() as { url: string };
    const janesState = new URL(url).searchParams.get('state')!;
    expect((await call(ctx, olga, 'POST', 'connect-strava', { code: 'someone-elses', state: janesState, scope: 'read,activity:read_all' })).statusCode).toBe(400);
    expect((await call(ctx, jane, 'POST', 'connect-strava', { code: 'x', scope: 'activity:read_all' })).statusCode).toBe(400);

    const { url: late } = (await call(ctx, jane, 'POST', 'tracker-authorization', { apiType: 'STRAVA' })).json() as { url: string };
    ctx.clock.advance(10 * 60_000 + 1);
    expect((await call(ctx, jane, 'POST', 'connect-strava', { code: 'x', state: new URL(late).searchParams.get('state')!, scope: 'activity:read_all' })).statusCode).toBe(400);
    expect(tokenCalls()).toBe(1);
    expect((await ctx.db.select().from(trackerConnections)).map((row) => row.userId)).toEqual([jane.id]);
  });

  test('a state issued for Fitbit cannot connect Strava', async () => {
    const { ctx, jane } = await setup();
    const { url } = (await call(ctx, jane, 'POST', 'tracker-authorization', { apiType: 'FITBIT' })).json() as { url: string };
    const response = await call(ctx, jane, 'POST', 'connect-strava', { code: 'x', state: new URL(url).searchParams.get('state')!, scope: 'activity:read_all' });
    expect(response.statusCode).toBe(400);
  });

  test('a Strava grant without activity:read_all, or a Google grant without the activity scope, is refused in plain words', async () => {
    const { ctx, jane } = await setup();
    provider.strava.grantedScope = 'read';
    const strava = (await connect(ctx, jane, 'STRAVA')).response;
    expect(strava.statusCode).toBe(400);
    expect(strava.json()).toMatchObject({ serverCode: 'TRACKER_SCOPE_MISSING' });
    expect(strava.json().message).toMatch(/^Strava was connected without permission to read your activities/);

    provider.google.grantedScope = 'openid';
    const google = (await connect(ctx, jane, 'FITBIT')).response;
    expect(google.statusCode).toBe(400);
    expect(google.json().message).toMatch(/^Google was connected without permission/);
    // The useless grant was given back.
    expect(provider.requests.some((request) => request.path === '/google/revoke')).toBe(true);
    expect(await ctx.db.select().from(trackerConnections)).toEqual([]);
  });

  test('Google: the code is exchanged with the PKCE verifier kept server-side; tokens are stored sealed', async () => {
    const { ctx, jane } = await setup();
    expect((await connect(ctx, jane, 'FITBIT')).response.statusCode).toBe(200);
    const exchange = provider.requests.find((request) => request.path === '/google/token')!;
    expect(exchange.form.get('redirect_uri')).toBe('http://localhost:3000/fitbit');
    expect(exchange.form.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    const [row] = await ctx.db.select().from(trackerConnections);
    expect(row!.accessToken).not.toContain('google-access');
    expect(openToken(ctx.config.tokenEncryptionKey, row!.refreshToken!)).toMatch(/^google-refresh-/);
    expect(row!.grantedScope).toBe('https://www.googleapis.com/auth/googlehealth.activity_and_fitness.readonly');
  });

  test('an unconfigured service: authorise and connect answer 400 TRACKER_NOT_CONFIGURED', async () => {
    const { ctx, jane } = await setup({ configured: false });
    const response = await call(ctx, jane, 'POST', 'tracker-authorization', { apiType: 'FITBIT' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ serverCode: 'TRACKER_NOT_CONFIGURED' });
  });
});

describe('Strava imports', () => {
  test('pages of 200 until an empty page, even after a short one; local days; sport_type then type; the minute rule; private kept private', async () => {
    const { ctx, jane } = await setup();
    const base = Date.parse('2026-06-01T10:00:00Z');
    provider.strava.activities = Array.from({ length: 450 }, (_, index) => stravaRun(index + 1, new Date(base + index * 3_600_000).toISOString(), 1800, { hiddenFromLists: index % 2 === 0 && index < 200 }));
    // California, 19:30 on the 20th local = 03:30 UTC on the 21st.
    provider.strava.activities.push(stravaRun(9001, '2026-11-21T03:30:00Z', 89, { start_date_local: '2026-11-20T19:30:00Z', sport_type: 'EMountainBikeRide' }));
    provider.strava.activities.push(stravaRun(9002, '2026-11-21T05:00:00Z', 90, { sport_type: undefined, type: 'Walk' }));
    provider.strava.activities.push(stravaRun(9003, '2026-11-21T06:00:00Z', 45));
    provider.strava.activities.push(stravaRun(9004, '2026-11-21T07:00:00Z', 600, { sport_type: 'Kitesurf', name: 'Kite\u0000 session' }));
    provider.strava.activities.push(stravaRun(9005, '2026-11-21T08:00:00Z', 600, { private: true }));
    provider.strava.activities.push(stravaRun(9006, '2026-11-21T09:00:00Z', 600, { visibility: 'only_me' }));
    expect((await connect(ctx, jane, 'STRAVA')).response.statusCode).toBe(200);
    await ctx.app.afterResponse.idle();
    const pages = provider.requests.filter((request) => request.path === '/strava-api/athlete/activities');
    expect(pages.map((request) => [request.query.get('page'), request.query.get('per_page')])).toEqual([
      ['1', '200'],
      ['2', '200'],
      ['3', '200'],
      ['4', '200'],
    ]);
    const rows = await imported(ctx.db, jane.id);
    expect(rows).toHaveLength(350 + 5);
    const byId = (id: number) => rows.find((row) => row.externalId === String(id));
    expect(byId(9001)).toMatchObject({ startDate: '2026-11-20', movingTime: 1, name: 'Cycling' });
    expect(byId(9002)).toMatchObject({ movingTime: 2, name: 'Walking' });
    expect(byId(9003)).toBeUndefined();
    expect(byId(9004)!.name).toBe('Kite session');
    expect([byId(9005)!.isPrivate, byId(9006)!.isPrivate, byId(9002)!.isPrivate]).toEqual([true, true, false]);
  });

  test('a record that cannot be read is skipped and logged; the rest import', async () => {
    const { ctx, jane } = await setup();
    provider.strava.activities = [stravaRun(1, '2026-11-21T07:00:00Z', 600), { ...stravaRun(2, '2026-11-21T08:00:00Z', 600), moving_time: 'soon' as never }, stravaRun(3, '2026-11-21T09:00:00Z', 600)];
    await connect(ctx, jane, 'STRAVA');
    await ctx.app.afterResponse.idle();
    expect((await imported(ctx.db, jane.id)).map((row) => row.externalId)).toEqual(['1', '3']);
  });

  test('Strava activities, private or not, are never in colleagues\' feed (Strava API agreement)', async () => {
    const { ctx, jane } = await setup();
    const olga = await addUser(ctx, 'olga');
    provider.strava.activities = [stravaRun(1, '2026-11-21T07:00:00Z', 600, { name: 'Shared' }), stravaRun(2, '2026-11-21T08:00:00Z', 600, { visibility: 'only_me' }), stravaRun(3, '2026-11-21T09:00:00Z', 600, { private: true })];
    await connect(ctx, jane, 'STRAVA');
    await ctx.app.afterResponse.idle();
    const feedOf = async (person: Person) => {
      const token = await signedInToken(ctx.db, ctx.config, person, ctx.clock.now());
      const response = await ctx.app.inject({ method: 'GET', url: '/api/user/activity/feed', headers: { authorization: `Bearer ${token}` } });
      return (response.json() as { feed: unknown[] }).feed.length;
    };
    expect(await feedOf(jane)).toBe(3);
    expect(await feedOf(olga)).toBe(0);
    // The employee's own privacy switch going off and on again keeps them private.
    await ctx.db.update(users).set({ isPrivateActivity: true }).where(eq(users.id, jane.id));
    await ctx.db.update(users).set({ isPrivateActivity: false }).where(eq(users.id, jane.id));
    expect(await feedOf(olga)).toBe(0);
  });

  test('a later sync reads from the last sync minus the overlap', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'STRAVA');
    await ctx.app.afterResponse.idle();
    ctx.clock.advance(24 * 3_600_000);
    provider.requests.length = 0;
    await sync(ctx, jane);
    const first = provider.requests.find((request) => request.path === '/strava-api/athlete/activities')!;
    expect(Number(first.query.get('after'))).toBe(Date.parse('2026-11-19T10:00:00Z') / 1000);
  });
});

describe('failures', () => {
  test('one failing provider never blocks the other, and a failed sync does not use up the quota', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'STRAVA');
    await connect(ctx, jane, 'FITBIT');
    await ctx.app.afterResponse.idle();
    provider.strava.activities = [stravaRun(1, '2026-11-21T07:00:00Z', 600)];
    provider.google.failNext = [410];
    const result = await sync(ctx, jane);
    expect(result.imported).toBe(1);
    expect(result.problems).toEqual([{ apiType: 'FITBIT', message: expect.stringMatching(/^Fitbit no longer offers/) }]);
    const status = await statusOf(ctx, jane);
    expect(status.services.map((service) => [service.apiType, service.state])).toEqual([
      ['FITBIT', 'reconnect_needed'],
      ['STRAVA', 'connected'],
    ]);
    expect(status.services[1]!.lastResult).toBe('1 activity imported');
  });

  test('failed syncs leave the quota alone: eleven failures, then a working sync still passes', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'STRAVA');
    await ctx.app.afterResponse.idle();
    for (let attempt = 0; attempt < 11; attempt += 1) {
      provider.strava.failNext = outage(503);
      expect((await sync(ctx, jane)).problems[0]!.message).toBe('Strava did not answer as expected. Please try again later.');
    }
    expect((await call(ctx, jane, 'POST', 'sync-activities')).statusCode).toBe(200);
  }, 240_000);

  test('401: one refresh and one retry; a second refusal marks "reconnect needed" and the screen data says so', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'STRAVA');
    await ctx.app.afterResponse.idle();
    provider.strava.activities = [stravaRun(1, '2026-11-21T07:00:00Z', 600)];
    provider.strava.failNext = [401];
    expect(await sync(ctx, jane)).toEqual({ imported: 1, problems: [], queued: ['STRAVA'] });
    expect(provider.strava.refreshes).toBe(1);

    provider.strava.failNext = [401, 401];
    const result = await sync(ctx, jane);
    expect(result.problems[0]!.message).toBe("Strava no longer accepts this app's access (it was withdrawn or has expired). Please connect Strava again.");
    expect((await statusOf(ctx, jane)).services[0]!.state).toBe('reconnect_needed');
    expect(provider.strava.refreshes).toBe(2);
    // Connecting again clears it.
    await connect(ctx, jane, 'STRAVA');
    expect((await statusOf(ctx, jane)).services[0]!.state).toBe('connected');
  });

  test('403 (athlete cap / scope) and 429 are explained; 429 keeps the connection', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'STRAVA');
    await ctx.app.afterResponse.idle();
    provider.strava.failNext = [403];
    expect((await sync(ctx, jane)).problems[0]!.message).toMatch(/^Strava refused access: either this app has reached the number of athletes/);
    provider.strava.failNext = [429];
    expect((await sync(ctx, jane)).problems[0]!.message).toMatch(/^Strava is busy: this app made too many requests for now\. Your activities will be imported after 10:15 UTC\.$/);
    expect((await statusOf(ctx, jane)).services[0]!.state).toBe('connected');
  });

  test('syncService, the unit a job handler calls: on 429 it asks for a retry once the window has passed', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'STRAVA');
    await ctx.app.afterResponse.idle();
    const retries: [number, string, Date | undefined][] = [];
    const service = trackersService({
      db: ctx.db,
      clock: ctx.clock,
      config: ctx.config,
      trackers: createTrackers(fakeTrackerConfig(provider.url) as never, ctx.db, ctx.clock),
      tasks: { sync: async (userId, type, options) => void retries.push([userId, type, options?.at]), stravaInbox: async () => undefined, revokeLater: async () => undefined },
    });
    provider.strava.failNext = [429];
    const outcome = await service.syncService(jane.id, 'STRAVA', ctx.app.log);
    expect(outcome.problem?.retryAt?.toISOString()).toBe('2026-11-22T10:15:00.000Z');
    expect(retries).toEqual([[jane.id, 'STRAVA', new Date('2026-11-22T10:15:00.000Z')]]);
    provider.strava.activities = [stravaRun(1, '2026-11-21T07:00:00Z', 600)];
    expect((await service.syncService(jane.id, 'STRAVA', ctx.app.log)).imported).toBe(1);
  });

  test('the rate-limit headers are kept app-wide; once the read budget is spent no request is made until the window ends', async () => {
    const { ctx, jane } = await setup();
    provider.strava.readLimit = 2;
    await connect(ctx, jane, 'STRAVA');
    await ctx.app.afterResponse.idle();
    const budget = await ctx.db.select().from(providerBudgets).orderBy(providerBudgets.window);
    expect(budget.map((row) => [row.window, row.limit, row.used])).toEqual([
      ['15min', 2, 1],
      ['day', 1000, 1],
    ]);
    provider.strava.activities = Array.from({ length: 5 }, (_, index) => stravaRun(index + 1, `2026-11-2${index}T07:00:00Z`, 600));
    await sync(ctx, jane); // the second call spends the budget
    const before = provider.requests.length;
    const result = await sync(ctx, jane);
    expect(result.problems[0]!.message).toMatch(/^Strava is busy/);
    expect(provider.requests.length).toBe(before);
    ctx.clock.advance(15 * 60_000);
    nextStravaWindow(provider.strava);
    expect((await sync(ctx, jane)).problems).toEqual([]);
  });

  test('parallel syncs with an expired token refresh it once (row lock), and both succeed', async () => {
    const { ctx, jane } = await setup();
    provider.strava.expiresAt = Math.floor(Date.parse('2026-11-22T09:00:00Z') / 1000);
    await connect(ctx, jane, 'STRAVA');
    provider.strava.expiresAt = Math.floor(Date.parse('2026-11-22T16:00:00Z') / 1000);
    const refreshesBefore = provider.strava.refreshes;
    // Two job handlers at once (two processes on PostgreSQL): the unit they run, in parallel.
    const service = trackersService({
      db: ctx.db,
      clock: ctx.clock,
      config: ctx.config,
      trackers: createTrackers(fakeTrackerConfig(provider.url) as never, ctx.db, ctx.clock),
      tasks: { sync: async () => undefined, stravaInbox: async () => undefined, revokeLater: async () => undefined },
    });
    const [a, b] = await Promise.all([service.syncService(jane.id, 'STRAVA', ctx.app.log), service.syncService(jane.id, 'STRAVA', ctx.app.log)]);
    expect([a.problem, b.problem]).toEqual([null, null]);
    expect(provider.strava.refreshes - refreshesBefore).toBe(1);
  });
});

describe('ending access', () => {
  test('disconnect revokes at Strava (refreshing an expired token first), deletes the imports and rescoring follows', async () => {
    const { ctx, jane } = await setup();
    provider.strava.expiresAt = Math.floor(Date.parse('2026-11-22T09:00:00Z') / 1000);
    provider.strava.activities = [stravaRun(1, '2026-11-21T07:00:00Z', 1800)];
    await connect(ctx, jane, 'STRAVA');
    await ctx.app.afterResponse.idle();
    expect(await points(ctx.db, jane.id, 2026)).toBeGreaterThan(0);
    const response = await call(ctx, jane, 'DELETE', 'disconnect-api', { apiType: 'STRAVA' });
    expect(response.json()).toEqual({ apis: [], services: [] });
    const revoke = provider.requests.filter((request) => request.path === '/strava-oauth/oauth/deauthorize');
    expect(revoke).toHaveLength(1);
    expect(provider.strava.tokens.access.size).toBe(0);
    expect(await imported(ctx.db, jane.id)).toEqual([]);
    expect(await points(ctx.db, jane.id, 2026)).toBe(0);
  });

  test('a sync still reading Strava when the employee disconnects brings nothing back afterwards', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'STRAVA');
    await ctx.app.afterResponse.idle();
    provider.strava.activities = [stravaRun(1, '2026-11-21T07:00:00Z', 1800)];
    // The listing answers only once the disconnect is done: the sync read the provider before it.
    let listed!: () => void;
    let release!: () => void;
    const listing = new Promise<void>((resolve) => (listed = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const trackers = createTrackers(fakeTrackerConfig(provider.url) as never, ctx.db, ctx.clock);
    const strava = trackers.STRAVA!;
    const slowStrava = {
      ...strava,
      listActivities: async (token: string, since: Date) => {
        const list = await strava.listActivities(token, since);
        listed();
        await released;
        return list;
      },
    };
    const tasks = { sync: async () => undefined, stravaInbox: async () => undefined, revokeLater: async () => undefined };
    const service = trackersService({ db: ctx.db, clock: ctx.clock, config: ctx.config, trackers: { ...trackers, STRAVA: slowStrava }, tasks });
    const syncing = service.syncService(jane.id, 'STRAVA', ctx.app.log);
    await listing;
    expect((await call(ctx, jane, 'DELETE', 'disconnect-api', { apiType: 'STRAVA' })).statusCode).toBe(200);
    release();
    await syncing;
    expect(await imported(ctx.db, jane.id)).toEqual([]);
    expect(await points(ctx.db, jane.id, 2026)).toBe(0);
  });

  test('a revoke the provider refuses is logged, and the connection still ends here', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'FITBIT');
    await ctx.app.afterResponse.idle();
    provider.google.tokens.refresh.clear();
    provider.google.tokens.access.clear();
    expect((await call(ctx, jane, 'DELETE', 'disconnect-api', { apiType: 'FITBIT' })).json()).toEqual({ apis: [], services: [] });
    expect(provider.requests.filter((request) => request.path === '/google/revoke')).toHaveLength(1);
  });

  test('deleting an employee revokes their grants at both providers', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'STRAVA');
    await connect(ctx, jane, 'FITBIT');
    await ctx.app.afterResponse.idle();
    const [admin] = await ctx.db.insert(users).values({ role: 'admin', email: 'admin@example.com', passwordHash: 'x', firstName: 'A', lastName: 'A', gender: 'other', levelOfCompetition: 'Beginner' }).returning();
    const token = await signedInToken(ctx.db, ctx.config, { id: admin!.id, role: 'admin' }, ctx.clock.now());
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/users/${jane.id}`, headers: { authorization: `Bearer ${token}` } })).statusCode).toBeLessThan(300);
    expect(provider.strava.tokens.access.size + provider.google.tokens.refresh.size).toBe(0);
  });
});

describe('Strava webhook', () => {
  const webhook = (ctx: Ctx, method: 'GET' | 'POST', query: string, payload?: object) => ctx.app.inject({ method, url: `/api/trackers/strava/webhook${query}`, payload });

  test('the subscription callback echoes hub.challenge only with the right verify token', async () => {
    const { ctx } = await setup();
    const ok = await webhook(ctx, 'GET', '?hub.mode=subscribe&hub.challenge=15f7d1a91c1f40f8a748fd134752feb3&hub.verify_token=webhook-verify-secret');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ 'hub.challenge': '15f7d1a91c1f40f8a748fd134752feb3' });
    expect((await webhook(ctx, 'GET', '?hub.mode=subscribe&hub.challenge=x&hub.verify_token=guess')).statusCode).toBe(403);
    expect((await webhook(ctx, 'GET', '?hub.mode=subscribe&hub.challenge=x')).statusCode).toBe(403);
  });

  test('create, update and delete events are applied; points follow', async () => {
    const { ctx, jane } = await setup();
    await connect(ctx, jane, 'STRAVA');
    await ctx.app.afterResponse.idle();
    const event = (aspect: string, id: number, updates: object = {}) => ({ object_type: 'activity', object_id: id, aspect_type: aspect, owner_id: 4242, subscription_id: 1, event_time: nextEventTime(), updates });

    provider.strava.activities = [stravaRun(77, '2026-11-21T07:00:00Z', 1800)];
    expect((await webhook(ctx, 'POST', '', event('create', 77))).statusCode).toBe(200);
    expect((await imported(ctx.db, jane.id)).map((row) => [row.externalId, row.movingTime])).toEqual([['77', 30]]);

    provider.strava.activities = [stravaRun(77, '2026-11-21T07:00:00Z', 2400, { sport_type: 'Walk' })];
    await webhook(ctx, 'POST', '', event('update', 77, { type: 'Walk' }));
    expect((await imported(ctx.db, jane.id)).map((row) => [row.name, row.movingTime])).toEqual([['Walking', 40]]);

    // A delete is checked at Strava: still there means it was not deleted.
    await webhook(ctx, 'POST', '', event('delete', 77));
    expect(await imported(ctx.db, jane.id)).toHaveLength(1);
    provider.strava.activities = [];
    await webhook(ctx, 'POST', '', event('delete', 77));
    expect(await imported(ctx.db, jane.id)).toEqual([]);
    expect(await points(ctx.db, jane.id, 2026)).toBe(0);
  });

  test('deauthorisation at strava.com ends the connection and removes its data, whatever a refresh says; one naming another subscription is ignored', async () => {
    const { ctx, jane } = await setup();
    provider.strava.activities = [stravaRun(1, '2026-11-21T07:00:00Z', 1800)];
    await connect(ctx, jane, 'STRAVA');
    await ctx.app.afterResponse.idle();
    expect(await points(ctx.db, jane.id, 2026)).toBeGreaterThan(0);
    const deauth = stravaDeauthorization(provider.strava);
    // Not our subscription (a forged post): nothing happens.
    await webhook(ctx, 'POST', '', { ...deauth, subscription_id: 999 });
    expect((await statusOf(ctx, jane)).apis).toEqual(['STRAVA']);
    // Strava's token endpoint is down: the deauthorisation still ends the connection and its data.
    provider.strava.clientSecret = 'unreachable-for-now';
    await webhook(ctx, 'POST', '', deauth);
    expect((await statusOf(ctx, jane)).apis).toEqual([]);
    expect(await imported(ctx.db, jane.id)).toEqual([]);
    expect(await points(ctx.db, jane.id, 2026)).toBe(0);
    expect(provider.requests.filter((request) => request.path === '/strava-oauth/oauth/token')).toHaveLength(1);
    // No person ended it: the audit trail names the Strava deauthorisation as the actor.
    const ended = await ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'tracker.disconnect'));
    expect(ended).toMatchObject([{ subjectId: jane.id, actorId: null, actorSystem: 'strava-deauthorization' }]);
  });
});

describe('one workout from two providers', () => {
  test('same start within minutes and similar duration counts once; the second source is recorded', async () => {
    const { ctx, jane } = await setup();
    provider.strava.activities = [stravaRun(1, '2026-11-21T07:00:00Z', 1800)];
    await connect(ctx, jane, 'STRAVA');
    await ctx.app.afterResponse.idle();
    provider.google.exercises = [exercise('twin', '2026-11-21T07:02:00Z', 1750), exercise('other', '2026-11-21T12:00:00Z', 1800)];
    await connect(ctx, jane, 'FITBIT');
    await ctx.app.afterResponse.idle();
    const rows = await imported(ctx.db, jane.id);
    expect(rows.map((row) => [row.source, row.externalId])).toEqual([
      ['strava', '1'],
      ['fitbit', 'users/me/dataTypes/exercise/dataPoints/other'],
    ]);
    expect(await ctx.db.select().from(trackerDuplicates)).toEqual([{ userId: jane.id, source: 'fitbit', externalId: 'users/me/dataTypes/exercise/dataPoints/twin', activityId: rows[0]!.id }]);
    expect((await sync(ctx, jane)).imported).toBe(0);
    // The kept workout shows its second source, in the month read model and read from the rows alike.
    expect(await sourcesIn(ctx, jane, '2026-11-01', '2026-11-30')).toEqual([
      ['strava', ['fitbit']],
      ['fitbit', []],
    ]);
    expect(await sourcesIn(ctx, jane, '2026-11-20', '2026-11-22')).toEqual(await sourcesIn(ctx, jane, '2026-11-01', '2026-11-30'));

    // Strava's access ends: its row goes, and Fitbit's record of the same workout comes in instead.
    await call(ctx, jane, 'DELETE', 'disconnect-api', { apiType: 'STRAVA' });
    await ctx.app.afterResponse.idle();
    expect((await imported(ctx.db, jane.id)).map((row) => row.externalId).sort()).toEqual(['users/me/dataTypes/exercise/dataPoints/other', 'users/me/dataTypes/exercise/dataPoints/twin']);
    expect(await sourcesIn(ctx, jane, '2026-11-01', '2026-11-30')).toEqual([
      ['fitbit', []],
      ['fitbit', []],
    ]);
  });

  test('an employee whose workouts have second sources can be deleted: rows, duplicates and views go together', async () => {
    const { ctx, jane } = await setup();
    provider.strava.activities = [stravaRun(1, '2026-11-21T07:00:00Z', 1800)];
    await connect(ctx, jane, 'STRAVA');
    provider.google.exercises = [exercise('twin', '2026-11-21T07:01:00Z', 1800)];
    await connect(ctx, jane, 'FITBIT');
    await ctx.app.afterResponse.idle();
    expect(await sourcesIn(ctx, jane, '2026-11-01', '2026-11-30')).toEqual([['strava', ['fitbit']]]);
    await ctx.db.delete(users).where(eq(users.id, jane.id));
    expect(await ctx.db.select().from(activities)).toEqual([]);
    expect(await ctx.db.select().from(trackerDuplicates)).toEqual([]);
  });

  test('a Fitbit connection that ends takes its name off the Strava workouts it also recorded', async () => {
    const { ctx, jane } = await setup();
    provider.strava.activities = [stravaRun(1, '2026-11-21T07:00:00Z', 1800)];
    await connect(ctx, jane, 'STRAVA');
    await ctx.app.afterResponse.idle();
    provider.google.exercises = [exercise('twin', '2026-11-21T07:01:00Z', 1800)];
    await connect(ctx, jane, 'FITBIT');
    await ctx.app.afterResponse.idle();
    expect(await sourcesIn(ctx, jane, '2026-11-01', '2026-11-30')).toEqual([['strava', ['fitbit']]]);
    await call(ctx, jane, 'DELETE', 'disconnect-api', { apiType: 'FITBIT' });
    await ctx.app.afterResponse.idle();
    expect(await sourcesIn(ctx, jane, '2026-11-01', '2026-11-30')).toEqual([['strava', []]]);
  });
});

describe('a kept row gone at its provider: the other provider\'s record of the workout counts instead', () => {
  test('a Fitbit workout deleted at Google brings back its Strava twin, also one older than any Strava sync would read', async () => {
    const { ctx, jane } = await setup({ now: '2026-11-12T10:00:00Z' });
    provider.google.exercises = [exercise('twin', '2026-11-12T07:00:00Z', 1800)];
    await connect(ctx, jane, 'FITBIT');
    await ctx.jobs.whenIdle();
    // No Fitbit sync for nine days (Google failing, say): its next read starts back then. Strava is connected meanwhile.
    ctx.clock.advance(9 * 86_400_000);
    provider.strava.activities = [stravaRun(1, '2026-11-12T07:01:00Z', 1800)];
    await connect(ctx, jane, 'STRAVA');
    await ctx.jobs.whenIdle();
    expect(await sourcesIn(ctx, jane, '2026-11-01', '2026-11-30')).toEqual([['fitbit', ['strava']]]);
    // The workout is deleted at Google: the window reconciliation deletes the Fitbit row.
    ctx.clock.advance(86_400_000);
    provider.google.exercises = [];
    await sync(ctx, jane);
    await ctx.jobs.whenIdle();
    expect((await imported(ctx.db, jane.id)).map((row) => [row.source, row.externalId])).toEqual([['strava', '1']]);
    expect(await points(ctx.db, jane.id, 2026)).toBe(30);
    expect(await ctx.db.select().from(trackerDuplicates)).toEqual([]);
  });

  test('a Strava workout deleted at Strava brings back its Fitbit twin', async () => {
    const { ctx, jane } = await setup();
    provider.strava.activities = [stravaRun(1, '2026-11-12T07:00:00Z', 1800)];
    await connect(ctx, jane, 'STRAVA');
    provider.google.exercises = [exercise('twin', '2026-11-12T07:01:00Z', 1800)];
    await connect(ctx, jane, 'FITBIT');
    await ctx.jobs.whenIdle();
    expect(await sourcesIn(ctx, jane, '2026-11-01', '2026-11-30')).toEqual([['strava', ['fitbit']]]);
    provider.strava.activities = [];
    await ctx.app.inject({ method: 'POST', url: '/api/trackers/strava/webhook', payload: { object_type: 'activity', object_id: 1, aspect_type: 'delete', owner_id: 4242, subscription_id: 1, event_time: nextEventTime(), updates: {} } });
    await ctx.jobs.whenIdle();
    expect((await imported(ctx.db, jane.id)).map((row) => [row.source, row.externalId])).toEqual([['fitbit', 'users/me/dataTypes/exercise/dataPoints/twin']]);
    expect(await points(ctx.db, jane.id, 2026)).toBe(30);
  });
});

describe('jobs', () => {
  test('the periodic safety net queues a sync of every Google connection and of Strava connections quiet for days', async () => {
    const { ctx, jane } = await setup();
    const olga = await addUser(ctx, 'olga');
    await connect(ctx, jane, 'STRAVA');
    await connect(ctx, olga, 'FITBIT');
    await ctx.jobs.whenIdle();
    ctx.clock.advance(3 * 86_400_000);
    provider.strava.activities = [stravaRun(1, '2026-11-21T07:00:00Z', 600)];
    provider.google.exercises = [exercise('p1', '2026-11-21T09:00:00Z', 1200)];
    await ctx.jobs.send('trackers.sync-all', {});
    await ctx.jobs.whenIdle();
    expect((await imported(ctx.db, jane.id)).map((row) => row.externalId)).toEqual(['1']);
    expect((await imported(ctx.db, olga.id)).map((row) => row.externalId)).toEqual(['users/me/dataTypes/exercise/dataPoints/p1']);
  });
});

describe('Strava webhook subscription CLI', () => {
  test('create registers the callback with the verify token, list shows it, delete removes it', async () => {
    const config = fakeTrackerConfig(provider.url, 'https://wellness.example').strava;
    const client = createStravaClient(config, noBudget);
    const lines: string[] = [];
    // Strava keeps one subscription per application: a second create is refused.
    expect(await runStravaWebhookCli(['create'], config, client, (line) => lines.push(line))).toBe(1);
    provider.strava.subscriptions = [];
    expect(await runStravaWebhookCli(['create'], config, client, (line) => lines.push(line))).toBe(0);
    const create = provider.requests.find((request) => request.path === '/strava-api/push_subscriptions' && request.method === 'POST')!;
    expect(Object.fromEntries(create.form)).toEqual({ client_id: 'strava-id', client_secret: 'strava-secret', callback_url: 'https://wellness.example/api/trackers/strava/webhook', verify_token: 'webhook-verify-secret' });
    expect(await runStravaWebhookCli(['list'], config, client, (line) => lines.push(line))).toBe(0);
    expect(lines.at(-1)).toContain('https://wellness.example/api/trackers/strava/webhook');
    expect(await runStravaWebhookCli(['delete', String(provider.strava.subscriptions[0]!.id)], config, client, (line) => lines.push(line))).toBe(0);
    expect(provider.strava.subscriptions).toEqual([]);
    expect(await runStravaWebhookCli(['create'], { ...config, webhookVerifyToken: null }, client, (line) => lines.push(line))).toBe(1);
    expect(await runStravaWebhookCli(['frobnicate'], config, client, (line) => lines.push(line))).toBe(1);
  });
});
