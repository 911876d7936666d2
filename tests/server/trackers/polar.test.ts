import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { trackerConnections, trackerPendingRevokes, trackerWebhooks } from '../../../server/db/schema';
import { appJobs } from '../../../server/jobs/catalog';
import { ConfigError } from '../../../server/config-error';
import { createTrackers } from '../../../server/modules/trackers/create-trackers';
import { readPolarSettings } from '../../../server/trackers/providers/polar/settings';
import { createTestApp } from '../helpers/test-app';
import { fakeTrackerConfig, polarExerciseEvent, polarSign, type FakePolarExercise } from './fake-provider';
import { call, connect, exercise, imported, outage, points, provider, setup, sourcesIn, statusOf, sync, useFakeProvider, type Ctx } from './helpers';

useFakeProvider();

/** The app's signed webhook, as AccessLink posts it (`quick`: the ping during a job, which must not wait for the jobs). */
const deliver = (ctx: Ctx, body: string, signature: string, quick = false) =>
  (quick ? ctx.injectWithoutWaiting : ctx.app.inject)({ method: 'POST', url: '/api/trackers/polar/signed-webhook', payload: body, headers: { 'content-type': 'application/json', 'polar-webhook-signature': signature } });

/** The app with Polar's webhook created at start (AccessLink's ping reaches the app through inject). */
const started = async () => {
  const { ctx, jane } = await setup();
  provider.polar.deliver = async (_url, body, signature) => (await deliver(ctx, body, signature, true)).statusCode;
  await ctx.jobs.send('trackers.webhook-setup', {});
  await ctx.jobs.whenIdle();
  return { ctx, jane };
};

/** An exercise as AccessLink lists it: local start with its offset in minutes, ISO 8601 duration, uploaded at `uploaded`. */
const polarRun = (id: string, localStart: string, duration: string, uploaded: string, extra: Partial<FakePolarExercise> = {}): FakePolarExercise => ({
  id,
  upload_time: uploaded,
  start_time: localStart,
  start_time_utc_offset: 120,
  duration,
  sport: 'RUNNING',
  detailed_sport_info: 'RUNNING',
  device: 'Polar Vantage V3',
  ...extra,
});

describe('Polar AccessLink end to end (docs/trackers.md "Polar")', () => {
  test('the webhook is created at start with its ping, and the secret returned once is kept sealed', async () => {
    const { ctx } = await started();
    expect(provider.polar.webhook).not.toBeNull();
    const created = provider.requests.find((request) => request.path === '/polar-accesslink/v3/webhooks');
    expect(created?.authorization).toBe(`Basic ${Buffer.from('polar-id:polar-secret').toString('base64')}`);
    const [row] = await ctx.db.select().from(trackerWebhooks);
    expect(row).toMatchObject({ service: 'POLAR', webhookId: provider.polar.webhook!.id });
    expect(row!.signatureSecret).not.toContain(provider.polar.webhook!.secret);
    // Once created, starting again creates nothing more (AccessLink would answer 409).
    await ctx.jobs.send('trackers.webhook-setup', {}, { singletonKey: 'again' });
    await ctx.jobs.whenIdle();
    expect(provider.requests.filter((request) => request.path === '/polar-accesslink/v3/webhooks')).toHaveLength(1);
  });

  test('a webhook left at Polar without its secret here (the app stopped after its creation) is deleted and made again', async () => {
    const { ctx } = await setup();
    provider.polar.deliver = async (_url, body, signature) => (await deliver(ctx, body, signature, true)).statusCode;
    provider.polar.webhook = { id: 'hook-lost', url: 'http://localhost:3000/api/trackers/polar/signed-webhook', secret: 'never-kept' };
    await ctx.jobs.send('trackers.webhook-setup', {});
    await ctx.jobs.whenIdle();
    expect(provider.requests.filter((request) => request.path.startsWith('/polar-accesslink/v3/webhooks')).map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /polar-accesslink/v3/webhooks',
      'GET /polar-accesslink/v3/webhooks',
      'DELETE /polar-accesslink/v3/webhooks/hook-lost',
      'POST /polar-accesslink/v3/webhooks',
    ]);
    const [row] = await ctx.db.select().from(trackerWebhooks);
    expect(row).toMatchObject({ service: 'POLAR', webhookId: provider.polar.webhook!.id });
    expect(provider.polar.webhook!.id).not.toBe('hook-lost');
  });

  test('a webhook that cannot be created yet is a warning while the job tries again, an error once it gives up', async () => {
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        done();
      },
    });
    // AccessLink's ping finds no app (a browser test's start without the fake's app): the creation is refused.
    provider.polar.deliver = async () => 0;
    const config = fakeTrackerConfig(provider.url);
    const setupJob = { ...appJobs['trackers.webhook-setup'], retryLimit: 1, retryDelaySeconds: 1, retryBackoff: false };
    const ctx = await createTestApp({ config, trackers: (db, clock) => createTrackers(config as never, db, clock), jobCatalog: { ...appJobs, 'trackers.webhook-setup': setupJob }, logger: { level: 'info', stream } });
    onTestFinished(() => ctx.app.close());
    await ctx.jobs.send('trackers.webhook-setup', {});
    await ctx.jobs.whenIdle({ includeDelayed: true, timeoutMs: 20_000 });
    const ofWebhook = lines.filter((line) => line.msg.startsWith('creating the provider webhook failed')).map((line) => line.level);
    expect(ofWebhook).toEqual([40, 50]);
    expect(await ctx.db.select().from(trackerWebhooks)).toEqual([]);
  });

  test('connects (Basic client auth, user registered), imports, updates by webhook, deletes by listing, and disconnect de-registers and removes the imports', async () => {
    const { ctx, jane } = await started();
    const { response, url } = await connect(ctx, jane, 'POLAR');
    expect(response.statusCode).toBe(200);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ response_type: 'code', client_id: 'polar-id', redirect_uri: 'http://localhost:3000/polar', scope: 'accesslink.read_all' });
    const token = provider.requests.find((request) => request.path === '/polar-remote/v2/oauth2/token')!;
    expect(token.authorization).toBe(`Basic ${Buffer.from('polar-id:polar-secret').toString('base64')}`);
    expect(token.form.get('grant_type')).toBe('authorization_code');
    expect(provider.polar.registered.has(475)).toBe(true);
    await ctx.jobs.whenIdle();
    const [connection] = await ctx.db.select().from(trackerConnections).where(eq(trackerConnections.userId, jane.id));
    expect(connection).toMatchObject({ service: 'POLAR', externalUserId: '475', refreshToken: null });

    // A run uploaded after registration: 08:00 at +02:00 on 21 Nov is 06:00 UTC; 30 min 30 s rounds to 31 minutes.
    provider.polar.exercises = [polarRun('aQlC83', '2026-11-21T08:00:00', 'PT30M30S', '2026-11-22T10:05:00Z')];
    ctx.clock.set('2026-11-22T10:10:00Z');
    expect((await deliver(ctx, ...Object.values(await polarExerciseEvent(provider.polar, 'aQlC83')) as [string, string])).statusCode).toBe(200);
    await ctx.jobs.whenIdle();
    expect(await imported(ctx.db, jane.id)).toMatchObject([{ source: 'polar', externalId: 'aQlC83', name: 'Running', movingTime: 31, startDate: '2026-11-21', startAt: new Date('2026-11-21T06:00:00Z') }]);
    const scored = await points(ctx.db, jane.id, 2026);
    expect(scored).toBeGreaterThan(0);
    expect(await sourcesIn(ctx, jane, '2026-11-21', '2026-11-21')).toEqual([['polar', []]]);

    // Edited in Flow (now a 45-minute ride): the next delivery brings the change.
    provider.polar.exercises = [polarRun('aQlC83', '2026-11-21T08:00:00', 'PT45M', '2026-11-22T10:05:00Z', { sport: 'CYCLING', detailed_sport_info: 'ROAD_BIKING' })];
    await deliver(ctx, ...(Object.values(await polarExerciseEvent(provider.polar, 'aQlC83')) as [string, string]));
    await ctx.jobs.whenIdle();
    expect(await imported(ctx.db, jane.id)).toMatchObject([{ name: 'Cycling', movingTime: 45 }]);
    expect(await points(ctx.db, jane.id, 2026)).toBeGreaterThan(scored);

    // Deleted in Flow: AccessLink sends no event for it; its listing of the last 30 days no longer has it.
    provider.polar.exercises = [];
    expect((await sync(ctx, jane)).problems).toEqual([]);
    expect(await imported(ctx.db, jane.id)).toEqual([]);
    expect(await points(ctx.db, jane.id, 2026)).toBe(0);

    provider.polar.exercises = [polarRun('b2', '2026-11-22T09:00:00', 'PT20M', '2026-11-22T10:20:00Z')];
    ctx.clock.set('2026-11-22T10:30:00Z');
    await sync(ctx, jane);
    expect(await imported(ctx.db, jane.id)).toHaveLength(1);
    expect((await call(ctx, jane, 'DELETE', 'disconnect-api', { apiType: 'POLAR' })).statusCode).toBe(200);
    expect(provider.requests.some((request) => request.method === 'DELETE' && request.path === '/polar-accesslink/v3/users/475')).toBe(true);
    expect(provider.polar.registered.has(475)).toBe(false);
    expect(await imported(ctx.db, jane.id)).toEqual([]);
    expect(await ctx.db.select().from(trackerPendingRevokes)).toEqual([]);
  });

  test('a delivery not signed with our secret is refused and reads nothing; a ping is answered', async () => {
    const { ctx, jane } = await started();
    await connect(ctx, jane, 'POLAR');
    await ctx.jobs.whenIdle();
    const reads = () => provider.requests.filter((request) => request.path === '/polar-accesslink/v3/exercises').length;
    const before = reads();
    const { body } = await polarExerciseEvent(provider.polar, 'x');
    expect((await deliver(ctx, body, await polarSign(body, 'not-our-secret'))).statusCode).toBe(403);
    expect((await deliver(ctx, body, '')).statusCode).toBe(403);
    // The body changed after signing (user_id of someone else): refused too.
    const signed = await polarExerciseEvent(provider.polar, 'x');
    expect((await deliver(ctx, signed.body.replace('475', '476'), signed.signature)).statusCode).toBe(403);
    await ctx.jobs.whenIdle();
    expect(reads()).toBe(before);
    const ping = JSON.stringify({ event: 'PING', timestamp: '2026-11-22T10:00:00Z' });
    expect((await deliver(ctx, ping, await polarSign(ping, provider.polar.webhook!.secret))).statusCode).toBe(200);
  });

  test("the safety net visits a quiet Polar connection after Polar's own quiet days, not Strava's", async () => {
    const { ctx, jane } = await setup({ config: { providerSettings: { POLAR: { safetyNetQuietDays: 1 } }, stravaPacing: { quietDays: 5, dayReserve: 700 } } });
    await connect(ctx, jane, 'POLAR');
    await connect(ctx, jane, 'STRAVA');
    await ctx.jobs.whenIdle();
    const listings = () => ({
      polar: provider.requests.filter((request) => request.path === '/polar-accesslink/v3/exercises').length,
      strava: provider.requests.filter((request) => request.path === '/strava-api/athlete/activities').length,
    });
    const safetyNet = async () => {
      provider.requests.length = 0;
      await ctx.jobs.send('trackers.sync-all', {}, { singletonKey: String(ctx.clock.now().getTime()) });
      await ctx.jobs.whenIdle();
      return listings();
    };
    ctx.clock.advance(12 * 3_600_000);
    expect(await safetyNet()).toEqual({ polar: 0, strava: 0 });
    // A day and a half without news: Polar's one quiet day has passed, Strava's five have not.
    ctx.clock.advance(24 * 3_600_000);
    expect(await safetyNet()).toEqual({ polar: 1, strava: 0 });
  });

  test('POLAR_SAFETY_NET_QUIET_DAYS: 3 unless set, whole days from 1 to 29 (AccessLink lists 30 days)', () => {
    const settingsWith = (quiet?: string) => readPolarSettings((name) => ({ POLAR_CLIENT_ID: 'id', POLAR_CLIENT_SECRET: 'secret', POLAR_SAFETY_NET_QUIET_DAYS: quiet })[name], 'https://app.test');
    expect(settingsWith()?.safetyNetQuietDays).toBe(3);
    expect(settingsWith('10')?.safetyNetQuietDays).toBe(10);
    for (const wrong of ['0', '30', '2.5', 'weekly'])
      expect(() => settingsWith(wrong)).toThrow(new ConfigError(`POLAR_SAFETY_NET_QUIET_DAYS must be a whole number of days from 1 to 29 (Polar lists only the last 30 days), got "${wrong}"`));
  });

  test('the same workout from Polar and Fitbit counts once, shown with its second source', async () => {
    const { ctx, jane } = await started();
    await connect(ctx, jane, 'POLAR');
    await ctx.jobs.whenIdle();
    provider.polar.exercises = [polarRun('p1', '2026-11-21T08:00:00', 'PT30M', '2026-11-22T10:05:00Z')];
    ctx.clock.set('2026-11-22T10:10:00Z');
    await sync(ctx, jane);
    provider.google.exercises = [exercise('g1', '2026-11-21T06:02:00Z', 29 * 60)];
    await connect(ctx, jane, 'FITBIT');
    await ctx.jobs.whenIdle();
    expect(await imported(ctx.db, jane.id)).toHaveLength(1);
    expect(await sourcesIn(ctx, jane, '2026-11-21', '2026-11-21')).toEqual([['polar', ['fitbit']]]);
  });

  test("Polar's errors in the employee's words: 401 reconnect, 403 at registration, 429 busy, 5xx tried again then failed", async () => {
    const { ctx, jane } = await started();
    provider.polar.consentsMissing = true;
    const refused = await connect(ctx, jane, 'POLAR');
    expect(refused.response.statusCode).toBe(502);
    expect((await statusOf(ctx, jane)).apis).toEqual([]);
    provider.polar.consentsMissing = false;
    expect((await connect(ctx, jane, 'POLAR')).response.statusCode).toBe(200);
    await ctx.jobs.whenIdle();

    provider.polar.failNext = [429];
    expect((await sync(ctx, jane)).problems).toEqual([{ apiType: 'POLAR', message: expect.stringContaining('Polar is busy') }]);
    provider.polar.failNext = outage(503);
    expect((await sync(ctx, jane)).problems).toEqual([{ apiType: 'POLAR', message: 'Polar did not answer as expected. Please try again later.' }]);
    provider.polar.failNext = [500];
    expect((await sync(ctx, jane)).problems).toEqual([]);

    // The grant withdrawn at Polar: no refresh token to try, so reconnect.
    provider.polar.tokens.clear();
    expect((await sync(ctx, jane)).problems).toEqual([{ apiType: 'POLAR', message: expect.stringContaining('Please connect Polar again') }]);
    expect((await statusOf(ctx, jane)).services).toMatchObject([{ apiType: 'POLAR', state: 'reconnect_needed' }]);
  });

  test('no longer registered at Polar (403) needs a new connection; a client secret Polar refuses pauses Polar for the administrator', async () => {
    const { ctx, jane } = await started();
    await connect(ctx, jane, 'POLAR');
    await ctx.jobs.whenIdle();
    provider.polar.registered.clear();
    expect((await sync(ctx, jane)).problems).toEqual([{ apiType: 'POLAR', message: "Polar no longer accepts this app's access (it was withdrawn or has expired). Please connect Polar again." }]);
    expect((await statusOf(ctx, jane)).services).toMatchObject([{ apiType: 'POLAR', state: 'reconnect_needed' }]);

    // The secret was rotated at admin.polaraccesslink.com: the token endpoint answers 401 invalid_client.
    provider.polar.clientSecret = 'rotated';
    const refused = await connect(ctx, jane, 'POLAR');
    expect(refused.response.statusCode).toBe(503);
    expect(refused.response.json()).toMatchObject({ serverCode: 'TRACKER_PAUSED', message: 'Syncing with Polar is paused; your administrator has been told' });
  });

  test('a listing record that cannot be read is skipped, the rest imported; an unknown exercise id is 404 at AccessLink', async () => {
    const { ctx, jane } = await started();
    await connect(ctx, jane, 'POLAR');
    await ctx.jobs.whenIdle();
    provider.polar.exercises = [polarRun('ok', '2026-11-21T08:00:00', 'PT25M', '2026-11-22T10:05:00Z'), polarRun('odd', '2026-11-21T09:00:00', 'P1D', '2026-11-22T10:05:00Z')];
    ctx.clock.set('2026-11-22T10:10:00Z');
    await sync(ctx, jane);
    expect((await imported(ctx.db, jane.id)).map((row) => row.externalId)).toEqual(['ok']);
    const token = [...provider.polar.tokens.keys()][0]!;
    expect((await fetch(`${provider.url}/polar-accesslink/v3/exercises/nope`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
  });
});
