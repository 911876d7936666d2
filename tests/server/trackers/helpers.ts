import { and, eq } from 'drizzle-orm';
import type { ApiType } from '@/contract/trackers';
import { providerByApiType } from '@/contract/tracker-providers';
import { signedInToken } from '../../support/signed-in-token';
import type { Db } from '../../../server/db/client';
import { activities, scoreYears, users } from '../../../server/db/schema';
import { createTrackers } from '../../../server/modules/trackers/create-trackers';
import { PROVIDER_ATTEMPTS } from '../../../server/trackers/providers/provider-request';
import { createTestApp, testDatabase, type TestAppOptions } from '../helpers/test-app';
import { fakeTrackerConfig, startFakeProvider, type FakeExercise, type FakeProvider, type FakeStravaActivity } from './fake-provider';

/** A provider failing every try of one call (a call meeting a transient failure is tried PROVIDER_ATTEMPTS times). */
export const outage = (status = 503) => Array.from({ length: PROVIDER_ATTEMPTS }, () => status);

export type Ctx = Awaited<ReturnType<typeof createTestApp>>;
export type Person = { id: number; role: 'user' | 'admin' };

/** The fake both providers run on, started once per test file (`useFakeProvider`). */
export let provider: FakeProvider;
export const useFakeProvider = () => {
  beforeAll(async () => {
    provider = await startFakeProvider();
    // PGlite's first open takes seconds on a busy machine: not inside a test's time.
    await testDatabase();
  }, 120_000);
  afterAll(() => provider.close());
  beforeEach(() => provider.reset());
};

/** The app with real Strava and Google Health clients pointed at the fake (or none configured); `config`: more settings. */
export const setup = async (options: { now?: string; configured?: boolean; config?: TestAppOptions['config'] } = {}) => {
  const fake = fakeTrackerConfig(provider.url);
  // Settings a test gives for Strava (e.g. athleteLimit) go on top of the fake's.
  // Settings a test gives for a provider of `providerSettings` (e.g. Polar's quiet days) too.
  const given = (options.config?.providerSettings ?? {}) as Record<string, object>;
  const providerSettings = Object.fromEntries(Object.entries(fake.providerSettings).map(([service, settings]) => [service, { ...settings, ...(given[service] ?? {}) }]));
  const trackerConfig = options.configured === false ? {} : { ...fake, strava: { ...fake.strava, ...(options.config?.strava ?? {}) }, providerSettings };
  const ctx = await createTestApp({
    now: options.now ?? '2026-11-22T10:00:00Z',
    config: { ...options.config, ...trackerConfig },
    trackers: options.configured === false ? undefined : (db, clock) => createTrackers(trackerConfig as never, db, clock),
  });
  // Strava judges token expiry by its own clock: the app's movable one here.
  provider.strava.now = () => ctx.clock.now().getTime();
  provider.polar.now = () => ctx.clock.now().getTime();
  const jane = await addUser(ctx, 'jane');
  return { ctx, jane };
};

export const addUser = async (ctx: Ctx, name: string): Promise<Person> => {
  const [row] = await ctx.db
    .insert(users)
    .values({ role: 'user', email: `${name}@example.com`, passwordHash: 'x', firstName: name, lastName: 'Doe', gender: 'female', levelOfCompetition: 'Beginner' })
    .returning();
  return { id: row!.id, role: 'user' };
};

export const call = async (ctx: Ctx, person: Person, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) => {
  const token = await signedInToken(ctx.db, ctx.config, person, ctx.clock.now());
  return ctx.app.inject({ method, url: `/api/users/${path}`, payload, headers: { authorization: `Bearer ${token}` } });
};

/** The whole round trip: our authorise URL, the provider's consent page (the fake agrees), the return page's POST. */
export const connect = async (ctx: Ctx, person: Person, service: ApiType) => {
  const { url } = (await call(ctx, person, 'POST', 'tracker-authorization', { apiType: service })).json() as { url: string };
  const consent = await fetch(url, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  const body = { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, ...(back.searchParams.get('scope') ? { scope: back.searchParams.get('scope')! } : {}) };
  const response = await call(ctx, person, 'POST', `connect-${providerByApiType(service).source}`, body);
  return { response, body, url: new URL(url) };
};

export const stravaRun = (id: number, start: string, seconds: number, extra: Partial<FakeStravaActivity> = {}): FakeStravaActivity => ({
  id,
  name: 'Morning run',
  sport_type: 'Run',
  moving_time: seconds,
  start_date: start,
  start_date_local: start,
  ...extra,
});

export const exercise = (id: string, start: string, seconds: number, extra: Partial<FakeExercise['exercise']> = {}, source?: FakeExercise['source']): FakeExercise => ({
  name: `users/me/dataTypes/exercise/dataPoints/${id}`,
  exercise: { interval: { startTime: start, startUtcOffset: '0s' }, exerciseType: 'RUNNING', activeDuration: `${seconds}s`, ...extra },
  ...(source ? { source } : {}),
});

/** Each activity's source and other sources as the calendar receives them (a whole month comes from month_views, a shorter range from the rows). */
export const sourcesIn = async (ctx: Ctx, person: Person, startDate: string, endDate: string) => {
  const token = await signedInToken(ctx.db, ctx.config, person, ctx.clock.now());
  const response = await ctx.app.inject({ method: 'GET', url: `/api/user/activity?startDate=${startDate}&endDate=${endDate}`, headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  return (response.json() as { activities: { source: string; alsoRecordedBy: string[] }[] }).activities.map((row) => [row.source, row.alsoRecordedBy]);
};
export const imported = (db: Db, userId: number) => db.select().from(activities).where(eq(activities.userId, userId)).orderBy(activities.startAt, activities.id);
export const points = async (db: Db, userId: number, year: number) =>
  (await db.select().from(scoreYears).where(and(eq(scoreYears.userId, userId), eq(scoreYears.competitionYear, year))))[0]?.points ?? 0;
export const statusOf = async (ctx: Ctx, person: Person) =>
  (await call(ctx, person, 'GET', 'apis')).json() as { apis: string[]; services: { apiType: string; state: string; lastResult: string | null; lastSyncAt: string | null; lastAttemptAt: string | null; lastAttemptOk: boolean | null }[] };
/**
 * 'Sync now' queues jobs; the test's inject returns once they have run. What they did is read back
 * as the screen reads it: each queued service's last result (imported counts from '3 activities imported').
 */
export const sync = async (ctx: Ctx, person: Person) => {
  const answer = (await call(ctx, person, 'POST', 'sync-activities')).json() as { queued: string[]; problems: { apiType: string; message: string }[] };
  const { services } = await statusOf(ctx, person);
  let imported = 0;
  const problems = [...answer.problems];
  for (const type of answer.queued) {
    const status = services.find((service) => service.apiType === type)!;
    if (status.state === 'connected' && status.lastAttemptOk) imported += Number(/^(\d+) activit/.exec(status.lastResult ?? '')?.[1] ?? 0);
    else problems.push({ apiType: type, message: status.lastResult! });
  }
  return { imported, problems, queued: answer.queued };
};

