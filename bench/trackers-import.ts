/**
 * Benchmark of tracker imports: one employee connects Strava with 2,000 activities in the
 * current competition year (the backfill pages through them, 200 a page), then 1,000 webhook events
 * arrive (600 updates, 300 creations, 100 deletions). Against the fake Strava of the test suite on
 * loopback, so the figures are our side's cost: time, and requests made to the provider.
 * PGlite in memory by default; DATABASE_URL=postgres://... (an empty database) for PostgreSQL.
 *
 *   npx tsx bench/trackers-import.ts        BENCH_ACTIVITIES=2000 BENCH_EVENTS=1000
 */
import { and, count, eq } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { signedInToken } from '../tests/support/signed-in-token';
import { testConfig } from '../server/config';
import { openPglite, openPostgres } from '../server/db/client';
import { activities, users } from '../server/db/schema';
import { createTrackers } from '../server/modules/trackers/create-trackers';
import { appJobs } from '../server/jobs/catalog';
import { createPgBossQueue } from '../server/jobs/pg-boss-queue';
import { memoryMailer } from '@/domain/mail';
import { systemClock } from '@/domain/clock';
import { competitionYearRange, currentCompetitionYear } from '@/domain/competition';
import { fakeTrackerConfig, startFakeProvider, type FakeStravaActivity } from '../tests/server/trackers/fake-provider';

const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const total = number('BENCH_ACTIVITIES', 2000);
const events = number('BENCH_EVENTS', 1000);

const main = async () => {
  const url = process.env.DATABASE_URL;
  const database = url ? await openPostgres(url, 10) : await openPglite();
  await database.migrate();
  const provider = await startFakeProvider();
  // Our side's cost only: the fake's limits out of the way (bench/strava-budget.ts measures the budget).
  provider.strava.readLimit = 1_000_000;
  provider.strava.readDailyLimit = 1_000_000;
  provider.strava.overallLimit = [1_000_000, 1_000_000];
  const trackerConfig = fakeTrackerConfig(provider.url);
  const config = testConfig({ ...trackerConfig, logLevel: 'silent' });
  // The app's real job queue: the backfill and the webhook events run as jobs.
  const jobs = createPgBossQueue(appJobs, { db: database, log: () => app.log, schedule: false, supervise: false });
  const app = await buildApp({ db: database.db, clock: systemClock, config, mailer: memoryMailer(), trackers: createTrackers(trackerConfig, database.db, systemClock), jobs });
  await app.ready();
  await jobs.start();
  const settled = async () => {
    await app.afterResponse.idle();
    await jobs.whenIdle({ timeoutMs: 600_000 });
  };

  // Spread over the competition year so far, ending an hour ago.
  const now = Date.now();
  const from = Date.parse(`${competitionYearRange(currentCompetitionYear(new Date(now))).start}T06:00:00Z`);
  const step = Math.floor((now - 3_600_000 - from) / total);
  const activity = (id: number, at: number, seconds: number, sport = 'Run'): FakeStravaActivity => {
    const start = new Date(at).toISOString();
    return { id, name: `Workout ${id}`, sport_type: sport, moving_time: seconds, start_date: start, start_date_local: start };
  };
  provider.strava.activities = Array.from({ length: total }, (_, index) => activity(index + 1, from + index * step, 600 + (index % 60) * 60));

  const [employee] = await database.db
    .insert(users)
    .values({ role: 'user', email: 'bench-trackers@example.com', passwordHash: 'x', firstName: 'Bench', lastName: 'Trackers', gender: 'other', levelOfCompetition: 'Beginner' })
    .returning();
  const token = await signedInToken(database.db, config, { id: employee!.id, role: 'user' }, new Date(), 3600);
  const headers = { authorization: `Bearer ${token}` };

  const importedCount = async () => (await database.db.select({ n: count() }).from(activities).where(and(eq(activities.userId, employee!.id), eq(activities.source, 'strava'))))[0]!.n;

  // Connect, then the backfill runs after the answer: timed until it has finished.
  const backfillStart = performance.now();
  const { url: authorizeUrl } = (await app.inject({ method: 'POST', url: '/api/users/tracker-authorization', headers, payload: { apiType: 'STRAVA' } })).json() as { url: string };
  const back = new URL((await fetch(authorizeUrl, { redirect: 'manual' })).headers.get('location')!);
  const connected = await app.inject({
    method: 'POST',
    url: '/api/users/connect-strava',
    headers,
    payload: { code: back.searchParams.get('code'), state: back.searchParams.get('state'), scope: back.searchParams.get('scope') },
  });
  if (connected.statusCode !== 200) throw new Error(`connect answered ${connected.statusCode}: ${connected.body}`);
  await settled();
  const backfillMs = performance.now() - backfillStart;
  const backfillRequests = provider.requests.filter((request) => request.path.startsWith('/strava-api/')).length;
  const afterBackfill = await importedCount();
  console.info(`[bench] ${database.kind}: backfill of ${afterBackfill} activities in ${Math.round(backfillMs)} ms, ${backfillRequests} requests to the provider (+1 token exchange)`);

  // 1,000 webhook events: 60 % updates, 30 % creations, 10 % deletions.
  provider.requests.length = 0;
  let nextId = total + 1;
  const payloads: object[] = [];
  for (let index = 0; index < events; index += 1) {
    const kind = index % 10 < 6 ? 'update' : index % 10 < 9 ? 'create' : 'delete';
    let id: number;
    if (kind === 'create') {
      id = nextId++;
      provider.strava.activities.push(activity(id, now - 2 * 3_600_000 - index * 60_000, 1800));
    } else {
      id = 1 + ((index * 7) % total);
      const found = provider.strava.activities.findIndex((row) => row.id === id);
      if (kind === 'update' && found >= 0) provider.strava.activities[found] = { ...provider.strava.activities[found]!, moving_time: 2400, sport_type: 'Walk' };
      if (kind === 'delete' && found >= 0) provider.strava.activities.splice(found, 1);
    }
    payloads.push({ object_type: 'activity', object_id: id, aspect_type: kind, owner_id: 4242, subscription_id: 1, event_time: Math.floor(now / 1000), updates: {} });
  }
  const webhookStart = performance.now();
  let slowestAnswerMs = 0;
  for (const payload of payloads) {
    const sent = performance.now();
    const response = await app.inject({ method: 'POST', url: '/api/trackers/strava/webhook', payload });
    slowestAnswerMs = Math.max(slowestAnswerMs, performance.now() - sent);
    if (response.statusCode !== 200) throw new Error(`webhook answered ${response.statusCode}`);
  }
  const answeredMs = performance.now() - webhookStart;
  await settled();
  const appliedMs = performance.now() - webhookStart;
  const webhookRequests = provider.requests.filter((request) => request.path.startsWith('/strava-api/')).length;
  const expected = provider.strava.activities.length;
  const stored = await importedCount();
  console.info(
    `[bench] ${events} webhook events: answered in ${Math.round(answeredMs)} ms (slowest answer ${slowestAnswerMs.toFixed(1)} ms), all applied after ${Math.round(appliedMs)} ms, ${webhookRequests} requests to the provider; ${stored} activities stored, provider has ${expected}`,
  );
  await jobs.stop();
  await app.close();
  await provider.close();
  await database.close();
};

await main();
