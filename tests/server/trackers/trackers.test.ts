import { and, eq } from 'drizzle-orm';
import { signAccessToken } from '../../../server/http/access-token';
import type { TrackerConfig } from '../../../server/config';
import type { Db } from '../../../server/db/client';
import { activities, scoreYears, trackerConnections, users } from '../../../server/db/schema';
import { createTrackers } from '../../../server/trackers/create-trackers';
import { openToken, sealToken } from '../../../server/trackers/token-seal';
import type { Clock } from '@/domain/clock';
import { createTestApp } from '../helpers/test-app';
import { startFakeProvider, type FakeProvider } from './fake-provider';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

let provider: FakeProvider;
beforeAll(async () => {
  provider = await startFakeProvider();
});
afterAll(() => provider.close());
beforeEach(() => provider.reset());

const tracker = (name: string): TrackerConfig => ({ clientId: `${name}-id`, clientSecret: `${name}-secret`, authorizeUrl: `${provider.url}/authorize`, apiBaseUrl: provider.url });

/** The app with real Strava/Fitbit clients pointed at the fake provider (or none configured). */
const setup = async (now = '2026-11-22T10:00:00Z', configured = true) => {
  // The clients read the app's movable clock, which exists only once the app is built.
  const clockRef: { current?: Clock } = {};
  const config = configured ? { strava: tracker('strava'), fitbit: tracker('fitbit') } : {};
  const trackers = configured ? createTrackers({ ...config, appOrigin: 'http://localhost:3000' } as never, { now: () => clockRef.current!.now() }) : undefined;
  const ctx = await createTestApp({ now, config, trackers });
  clockRef.current = ctx.clock;
  const [jane] = await ctx.db
    .insert(users)
    .values({ role: 'user', email: 'jane@example.com', passwordHash: 'x', firstName: 'Jane', lastName: 'Doe', gender: 'female', levelOfCompetition: 'Beginner' })
    .returning();
  return { ctx, jane: jane! };
};

const call = async (ctx: Ctx, person: { id: number; role: 'user' | 'admin' }, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) => {
  const token = await signAccessToken(person, ctx.config.jwtSecret, ctx.clock.now(), 900);
  return ctx.app.inject({ method, url: `/api/users/${path}`, payload, headers: { authorization: `Bearer ${token}` } });
};

const VERIFIER = 'v'.repeat(43);
/** A Strava activity as the provider lists it. */
const strava = (id: number, start: string, seconds: number, sport = 'Run', name = 'Morning run') => ({ id, name, sport_type: sport, moving_time: seconds, start_date: start });

/** Tokens are stored sealed: what a row holds, opened with the app's key (and never the token itself). */
const opened = (ctx: Ctx, stored: string | null) => {
  if (stored === null) return null;
  expect(stored).toMatch(/^v1\./);
  return openToken(ctx.config.tokenEncryptionKey, stored);
};
const connectBoth = async (ctx: Ctx, jane: { id: number; role: 'user' | 'admin' }) => {
  expect((await call(ctx, jane, 'POST', 'connect-strava', { code: 'strava-code' })).statusCode).toBe(200);
  expect((await call(ctx, jane, 'POST', 'connect-fitbit', { code: 'fitbit-code', codeVerifier: VERIFIER })).statusCode).toBe(200);
};

const imported = (db: Db, userId: number) => db.select().from(activities).where(eq(activities.userId, userId)).orderBy(activities.startAt);
const points = async (db: Db, userId: number, year: number) =>
  (await db.select().from(scoreYears).where(and(eq(scoreYears.userId, userId), eq(scoreYears.competitionYear, year))))[0]?.points ?? 0;

describe('connect, list and disconnect', () => {
  test('connect-strava and connect-fitbit exchange the code server-side and store the tokens', async () => {
    const { ctx, jane } = await setup();
    expect((await call(ctx, jane, 'GET', 'apis')).json()).toEqual({ apis: [] });

    const strava = await call(ctx, jane, 'POST', 'connect-strava', { code: 'strava-code' });
    expect(strava.statusCode).toBe(200);
    expect(strava.json()).toEqual({ apis: ['STRAVA'] });
    const stravaToken = provider.requests.find((request) => request.path === '/oauth/token')!;
    expect(Object.fromEntries(stravaToken.form)).toEqual({ client_id: 'strava-id', client_secret: 'strava-secret', code: 'strava-code', grant_type: 'authorization_code' });

    const fitbit = await call(ctx, jane, 'POST', 'connect-fitbit', { code: 'fitbit-code', codeVerifier: VERIFIER });
    expect(fitbit.json()).toEqual({ apis: ['FITBIT', 'STRAVA'] });
    const fitbitToken = provider.requests.find((request) => request.path === '/oauth2/token')!;
    expect(fitbitToken.authorization).toBe(`Basic ${Buffer.from('fitbit-id:fitbit-secret').toString('base64')}`);
    expect(Object.fromEntries(fitbitToken.form)).toEqual({
      client_id: 'fitbit-id',
      code: 'fitbit-code',
      grant_type: 'authorization_code',
      redirect_uri: 'http://localhost:3000/fitbit',
      code_verifier: VERIFIER,
    });

    const rows = await ctx.db.select().from(trackerConnections).orderBy(trackerConnections.service);
    expect(rows.map((row) => [row.service, row.externalUserId, opened(ctx, row.accessToken)])).toEqual([
      ['FITBIT', 'ABC123', 'fitbit-access-2'],
      ['STRAVA', '4242', 'strava-access-1'],
    ]);
    // Fitbit's relative expiry is dated by the app clock: 8 hours after "now".
    expect(rows[0]!.expiresAt?.toISOString()).toBe('2026-11-22T18:00:00.000Z');
    expect((await call(ctx, jane, 'GET', 'apis')).json()).toEqual({ apis: ['FITBIT', 'STRAVA'] });
  });

  test('connecting again replaces the tokens (upsert)', async () => {
    const { ctx, jane } = await setup();
    await call(ctx, jane, 'POST', 'connect-strava', { code: 'one' });
    await call(ctx, jane, 'POST', 'connect-strava', { code: 'two' });
    const rows = await ctx.db.select().from(trackerConnections);
    expect(rows.map((row) => opened(ctx, row.accessToken))).toEqual(['strava-access-2']);
  });

  test('disconnect-api deletes the connection, withdraws the token at the provider, and answers the remaining list', async () => {
    const { ctx, jane } = await setup();
    await connectBoth(ctx, jane);
    const response = await call(ctx, jane, 'DELETE', 'disconnect-api', { apiType: 'STRAVA' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ apis: ['FITBIT'] });
    const deauthorize = provider.requests.find((request) => request.path === '/oauth/deauthorize')!;
    expect(deauthorize.authorization).toBe('Bearer strava-access-1');
    expect(provider.strava.validTokens.has('strava-access-1')).toBe(false);
    expect((await call(ctx, jane, 'DELETE', 'disconnect-api', { apiType: 'FITBIT' })).json()).toEqual({ apis: [] });
    expect(Object.fromEntries(provider.requests.find((request) => request.path === '/oauth2/revoke')!.form)).toEqual({ token: 'fitbit-access-2' });
    await connectBoth(ctx, jane);
    await call(ctx, jane, 'DELETE', 'disconnect-api', { apiType: 'STRAVA' });
    expect((await call(ctx, jane, 'DELETE', 'disconnect-api', { apiType: 'STRAVA' })).json()).toEqual({ apis: ['FITBIT'] });
    const bad = await call(ctx, jane, 'DELETE', 'disconnect-api', { apiType: 'GARMIN' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Service must be STRAVA or FITBIT');
  });

  test('an unconfigured service answers 400 TRACKER_NOT_CONFIGURED', async () => {
    const { ctx, jane } = await setup('2026-11-22T10:00:00Z', false);
    const response = await call(ctx, jane, 'POST', 'connect-strava', { code: 'strava-code' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      serverCode: 'TRACKER_NOT_CONFIGURED',
      message: 'Strava is not available: this installation has no Strava connection configured.',
    });
    expect((await call(ctx, jane, 'POST', 'connect-fitbit', { code: 'x', codeVerifier: VERIFIER })).json().message).toMatch(/^Fitbit is not available/);
    expect(provider.requests).toEqual([]);
  });

  test('a provider that refuses the code answers 502 TRACKER_ERROR and stores nothing', async () => {
    const { ctx, jane } = await setup();
    const response = await call(ctx, jane, 'POST', 'connect-strava', { code: 'bad-code' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ serverCode: 'TRACKER_ERROR', message: 'Strava did not answer as expected. Please try again, or connect Strava again.' });
    expect(await ctx.db.select().from(trackerConnections)).toEqual([]);
  });

  test('Fitbit without the PKCE verifier answers 400; an empty code answers 400', async () => {
    const { ctx, jane } = await setup();
    const response = await call(ctx, jane, 'POST', 'connect-fitbit', { code: 'fitbit-code' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The Fitbit connection could not be verified. Please start connecting Fitbit again');
    expect((await call(ctx, jane, 'POST', 'connect-strava', { code: ' ' })).json().message).toBe('Authorisation code is required');
  });

  test('tracker endpoints are for employees only', async () => {
    const { ctx } = await setup();
    const [admin] = await ctx.db
      .insert(users)
      .values({ role: 'admin', email: 'boss@example.com', passwordHash: 'x', firstName: 'B', lastName: 'A', gender: 'male', levelOfCompetition: 'Beginner' })
      .returning();
    expect((await call(ctx, admin!, 'GET', 'apis')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/users/sync-activities' })).statusCode).toBe(401);
  });
});

describe('POST /api/users/sync-activities', () => {

  test('imports editable days of both services, scores them, and skips duplicates on the next sync', async () => {
    const { ctx, jane } = await setup();
    await connectBoth(ctx, jane);
    provider.strava.activities = [
      strava(1, '2026-03-30T07:00:00Z', 3600), // previous competition year: closed in November
      strava(2, '2026-11-20T07:00:00Z', 1830),
      strava(3, '2026-11-21T07:00:00Z', 20), // under a minute: nothing to score
      strava(4, '2026-11-21T18:00:00Z', 2700, 'Kitesurf', 'Kite session'),
    ];
    provider.fitbit.activities = [{ logId: 99, activityName: 'Walk', activeDuration: 40 * 60_000, startTime: '2026-11-19T12:00:00.000+00:00' }];

    const first = await call(ctx, jane, 'POST', 'sync-activities');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ imported: 3 });
    const rows = await imported(ctx.db, jane.id);
    expect(rows.map((row) => [row.source, row.externalId, row.name, row.movingTime, row.startDate])).toEqual([
      ['fitbit', '99', 'Walking', 40, '2026-11-19'],
      ['strava', '2', 'Running', 31, '2026-11-20'],
      ['strava', '4', 'Kite session', 45, '2026-11-21'],
    ]);
    expect(await points(ctx.db, jane.id, 2026)).toBe(40 + 31 + 45);
    // The first sync asks from the start of the current competition year.
    const firstList = provider.requests.find((request) => request.path === '/api/v3/athlete/activities')!;
    expect(firstList.query.get('after')).toBe(String(Date.parse('2026-04-01T00:00:00Z') / 1000));
    expect(provider.requests.find((request) => request.path.endsWith('list.json'))!.query.get('afterDate')).toBe('2026-04-01T00:00:00');

    provider.requests.length = 0;
    ctx.clock.set('2026-11-22T12:00:00Z');
    expect((await call(ctx, jane, 'POST', 'sync-activities')).json()).toEqual({ imported: 0 });
    expect(await imported(ctx.db, jane.id)).toHaveLength(3);
    expect(await points(ctx.db, jane.id, 2026)).toBe(116);
    // Later syncs look three days behind the previous one (late uploads), not the whole year.
    const secondList = provider.requests.find((request) => request.path === '/api/v3/athlete/activities')!;
    expect(secondList.query.get('after')).toBe(String(Date.parse('2026-11-19T10:00:00Z') / 1000));
  });

  test('1-14 April the previous competition year is still imported; afterwards it is not', async () => {
    const { ctx, jane } = await setup('2027-04-05T10:00:00Z');
    await call(ctx, jane, 'POST', 'connect-strava', { code: 'strava-code' });
    provider.strava.activities = [strava(10, '2027-03-30T07:00:00Z', 600), strava(11, '2027-04-02T07:00:00Z', 1200)];
    expect((await call(ctx, jane, 'POST', 'sync-activities')).json()).toEqual({ imported: 2 });
    expect(await points(ctx.db, jane.id, 2026)).toBe(10);
    expect(await points(ctx.db, jane.id, 2027)).toBe(20);
    expect(provider.requests.find((request) => request.path === '/api/v3/athlete/activities')!.query.get('after')).toBe(String(Date.parse('2026-04-01T00:00:00Z') / 1000));

    const { ctx: later, jane: other } = await setup('2027-04-20T10:00:00Z');
    await call(later, other, 'POST', 'connect-strava', { code: 'strava-code' });
    expect((await call(later, other, 'POST', 'sync-activities')).json()).toEqual({ imported: 1 });
    expect((await imported(later.db, other.id)).map((row) => row.externalId)).toEqual(['11']);
  });

  test('an expired token is refreshed first and the new tokens are stored', async () => {
    const { ctx, jane } = await setup();
    provider.strava.expiresAt = Math.floor(Date.parse('2026-11-22T09:00:00Z') / 1000); // already expired at 10:00
    await call(ctx, jane, 'POST', 'connect-strava', { code: 'strava-code' });
    provider.strava.activities = [strava(5, '2026-11-21T07:00:00Z', 600)];
    provider.strava.expiresAt = Math.floor(Date.parse('2026-11-22T16:00:00Z') / 1000);
    provider.requests.length = 0;

    expect((await call(ctx, jane, 'POST', 'sync-activities')).json()).toEqual({ imported: 1 });
    const refresh = provider.requests[0]!;
    expect(refresh.path).toBe('/oauth/token');
    expect(Object.fromEntries(refresh.form)).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'strava-refresh-1' });
    expect(provider.requests[1]!.authorization).toBe('Bearer strava-access-2');
    const [row] = await ctx.db.select().from(trackerConnections);
    expect([opened(ctx, row!.accessToken), opened(ctx, row!.refreshToken)]).toEqual(['strava-access-2', 'strava-refresh-2']);
    expect(row!.expiresAt?.toISOString()).toBe('2026-11-22T16:00:00.000Z');
  });

  test('a provider failure answers 502 and imports nothing from any service', async () => {
    const { ctx, jane } = await setup();
    await connectBoth(ctx, jane);
    provider.fitbit.activities = [{ logId: 1, activityName: 'Run', activeDuration: 600_000, startTime: '2026-11-20T08:00:00.000+00:00' }];
    provider.strava.validTokens.clear(); // Strava revoked our access
    const response = await call(ctx, jane, 'POST', 'sync-activities');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ serverCode: 'TRACKER_ERROR', message: 'Strava did not answer as expected. Please try again, or connect Strava again.' });
    expect(await imported(ctx.db, jane.id)).toEqual([]);
    expect((await ctx.db.select().from(trackerConnections)).every((row) => row.lastSyncedAt === null)).toBe(true);
  });

  test('Strava imports stay out of colleagues\' feed (Strava API agreement); Fitbit imports are shared', async () => {
    const { ctx, jane } = await setup();
    const [olga] = await ctx.db
      .insert(users)
      .values({ role: 'user', email: 'olga@example.com', passwordHash: 'x', firstName: 'Olga', lastName: 'O', gender: 'female', levelOfCompetition: 'Beginner' })
      .returning();
    await connectBoth(ctx, jane);
    provider.strava.activities = [strava(21, '2026-11-21T07:00:00Z', 1800)];
    provider.fitbit.activities = [{ logId: 22, activityName: 'Yoga', activeDuration: 30 * 60_000, startTime: '2026-11-21T09:00:00.000+00:00' }];
    expect((await call(ctx, jane, 'POST', 'sync-activities')).json()).toEqual({ imported: 2 });
    const feedOf = async (person: { id: number; role: 'user' | 'admin' }) => {
      const token = await signAccessToken(person, ctx.config.jwtSecret, ctx.clock.now(), 900);
      const response = await ctx.app.inject({ method: 'GET', url: '/api/user/activity/feed', headers: { authorization: `Bearer ${token}` } });
      return (response.json() as { feed: { name: string }[] }).feed.map((item) => item.name).sort();
    };
    expect(await feedOf(jane)).toEqual(['Running', 'Yoga']);
    expect(await feedOf(olga!)).toEqual(['Yoga']);
  });

  test('more than 10 syncs in 15 minutes answer 429 RATE_LIMITED; the next window is open again', async () => {
    const { ctx, jane } = await setup();
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await call(ctx, jane, 'POST', 'sync-activities')).statusCode).toBe(200);
    const limited = await call(ctx, jane, 'POST', 'sync-activities');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ serverCode: 'RATE_LIMITED', message: 'Too many attempts. Please try again in 15 minutes.' });
    ctx.clock.advance(15 * 60 * 1000);
    expect((await call(ctx, jane, 'POST', 'sync-activities')).statusCode).toBe(200);
  });

  test('with no connection nothing is asked and nothing imported', async () => {
    const { ctx, jane } = await setup();
    expect((await call(ctx, jane, 'POST', 'sync-activities')).json()).toEqual({ imported: 0 });
    expect(provider.requests).toEqual([]);
  });
});

describe('tokens at rest', () => {
  test('stored sealed (AES-GCM): the database holds neither token in clear, and each seal differs', async () => {
    const { ctx, jane } = await setup();
    await call(ctx, jane, 'POST', 'connect-strava', { code: 'strava-code' });
    const [row] = await ctx.db.select().from(trackerConnections);
    expect(row!.accessToken).not.toContain('strava-access');
    expect(row!.refreshToken).not.toContain('strava-refresh');
    expect(sealToken(ctx.config.tokenEncryptionKey, 'same')).not.toBe(sealToken(ctx.config.tokenEncryptionKey, 'same'));
    const tampered = `${row!.accessToken!.slice(0, -2)}AA`;
    expect(() => openToken(ctx.config.tokenEncryptionKey, tampered)).toThrow();
  });

  test('a connection stored before sealing still syncs, and its refreshed tokens are stored sealed', async () => {
    const { ctx, jane } = await setup();
    provider.strava.expiresAt = Math.floor(Date.parse('2026-11-22T09:00:00Z') / 1000);
    await call(ctx, jane, 'POST', 'connect-strava', { code: 'strava-code' });
    // As an older version wrote it: tokens in clear.
    await ctx.db.update(trackerConnections).set({ accessToken: 'strava-access-1', refreshToken: 'strava-refresh-1' });
    provider.strava.activities = [strava(5, '2026-11-21T07:00:00Z', 600)];
    provider.strava.expiresAt = Math.floor(Date.parse('2026-11-22T16:00:00Z') / 1000);
    expect((await call(ctx, jane, 'POST', 'sync-activities')).json()).toEqual({ imported: 1 });
    const [row] = await ctx.db.select().from(trackerConnections);
    expect([opened(ctx, row!.accessToken), opened(ctx, row!.refreshToken)]).toEqual(['strava-access-2', 'strava-refresh-2']);
  });

  test('tokens sealed with another key: sync asks to connect again (502) and imports nothing; disconnect still works', async () => {
    const { ctx, jane } = await setup();
    await call(ctx, jane, 'POST', 'connect-strava', { code: 'strava-code' });
    await ctx.db.update(trackerConnections).set({ accessToken: sealToken('another-key', 'strava-access-1') });
    provider.strava.activities = [strava(5, '2026-11-21T07:00:00Z', 600)];
    const response = await call(ctx, jane, 'POST', 'sync-activities');
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe('Strava did not answer as expected. Please try again, or connect Strava again.');
    expect(await imported(ctx.db, jane.id)).toEqual([]);
    expect((await call(ctx, jane, 'DELETE', 'disconnect-api', { apiType: 'STRAVA' })).json()).toEqual({ apis: [] });
  });
});
