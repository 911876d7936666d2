import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../../server/app';
import { testConfig } from '../../../server/config';
import { appJobs, type AppJobs } from '../../../server/jobs/catalog';
import { providerBudgets } from '../../../server/db/schema';
import { smtpMailer } from '../../../server/mail/transport';
import { memoryMailer } from '@/domain/mail';
import { createTestApp, movableClock, secondConnection, testDatabase } from '../helpers/test-app';
import { seedUser } from '../auth/fixtures';
import { connect, provider, setup, stravaRun, sync, useFakeProvider, outage } from '../trackers/helpers';

/*
 * Operations: Prometheus text at GET /metrics only with METRICS_TOKEN set and sent as a bearer
 * token; request ids on every answer and every log line of a request.
 */

const TOKEN = 'scrape-token-for-tests';
const scrape = async (app: Awaited<ReturnType<typeof createTestApp>>['app'], token = TOKEN) =>
  app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });

/** The value of one sample line, e.g. `name{a="b"} 3`. */
const sample = (text: string, line: string) => {
  const found = text.split('\n').find((candidate) => candidate.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
};

// The file's database opens once, within the hook's longer time limit (the first open is the slow one).
beforeAll(async () => {
  await testDatabase();
});

describe('GET /metrics', () => {
  test('without METRICS_TOKEN the path does not exist (404, also with a token)', async () => {
    const { app } = await createTestApp();
    onTestFinished(() => app.close());
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await scrape(app)).statusCode).toBe(404);
  });

  test('a missing or wrong token is a 401; the right one gets the Prometheus text', async () => {
    const { app } = await createTestApp({ config: { metricsToken: TOKEN } });
    onTestFinished(() => app.close());
    const missing = await app.inject({ method: 'GET', url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer/);
    expect((await scrape(app, 'wrong-token')).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: TOKEN } })).statusCode).toBe(401);
    const ok = await scrape(app);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.body).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(ok.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  test('requests are counted and timed per route pattern, method and status', async () => {
    const { app } = await createTestApp({ config: { metricsToken: TOKEN } });
    onTestFinished(() => app.close());
    for (let index = 0; index < 3; index += 1) await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'DELETE', url: '/api/user/activity/12' });
    await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    const text = (await scrape(app)).body;
    expect(sample(text, 'wellness_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}')).toBe(3);
    expect(
      sample(text, 'wellness_http_request_duration_seconds_count{method="DELETE",route="/api/user/activity/:id",status_code="401"}'),
    ).toBe(1);
    expect(sample(text, 'wellness_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}')).toBe(1);
    expect(sample(text, 'wellness_http_request_duration_seconds_bucket{le="10",method="GET",route="/api/health",status_code="200"}')).toBe(
      3,
    );
  });

  test('job queue depth per name, and failed attempts per job name', async () => {
    const noRetry: AppJobs = { ...appJobs, 'mail.forgot-password': { ...appJobs['mail.forgot-password'], retryLimit: 0 } };
    // Nothing listens on port 9: the mail job fails for good on its first attempt.
    const { app, db, jobs } = await createTestApp({
      config: { metricsToken: TOKEN },
      jobCatalog: noRetry,
      mailer: smtpMailer('smtp://127.0.0.1:9', 'Wellness Challenge <no-reply@localhost>'),
    });
    onTestFinished(() => app.close());
    const before = sample((await scrape(app)).body, 'wellness_job_failures_total{job="mail.forgot-password",final="true"}') ?? 0;
    await seedUser(db, { email: 'jane@example.com' });
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'jane@example.com' } })).statusCode,
    ).toBe(202);
    await jobs.whenIdle({ timeoutMs: 20_000 });
    // A job that waits an hour is in the queue, "created".
    await jobs.send('mail.password-reset', { userId: 1 }, { startAfter: 3600 });
    const text = (await scrape(app)).body;
    expect(sample(text, 'wellness_job_failures_total{job="mail.forgot-password",final="true"}')).toBe(before + 1);
    expect(sample(text, 'wellness_job_queue_depth{job="mail.password-reset",state="created"}')).toBe(1);
  });

  test('provider budget left', async () => {
    const { app, db, clock } = await createTestApp({ config: { metricsToken: TOKEN } });
    onTestFinished(() => app.close());
    await db.insert(providerBudgets).values([
      {
        provider: 'STRAVA',
        window: '15min',
        windowStart: new Date(Math.floor(clock.now().getTime() / 900_000) * 900_000),
        limit: 200,
        used: 34,
      },
      { provider: 'STRAVA', window: 'day', windowStart: new Date(clock.now().getTime() - 2 * 86_400_000), limit: 2000, used: 1999 },
    ]);
    const text = (await scrape(app)).body;
    expect(sample(text, 'wellness_provider_budget_left{provider="STRAVA",window="15min"}')).toBe(166);
    expect(sample(text, 'wellness_provider_budget_left{provider="STRAVA",window="day"}')).toBe(2000); // that window is over
  });
});

describe('database connections in /metrics', () => {
  const connections = (text: string) =>
    Object.fromEntries(
      ['in_use', 'idle', 'waiting'].map((state) => [state, sample(text, `wellness_db_pool_connections{state="${state}"}`)]),
    );

  // Each run tests the database it runs on (PGlite by default, PostgreSQL in the PostgreSQL pass).
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  const onEmbedded = !onPostgres;
  if (onEmbedded)
    test('on the embedded database: its one in-process connection, never idle, nothing waiting', async () => {
      const { app } = await createTestApp({ config: { metricsToken: TOKEN } });
      onTestFinished(() => app.close());
      expect(connections((await scrape(app)).body)).toEqual({ in_use: 1, idle: 0, waiting: 0 });
    });

  if (onPostgres)
    test("on PostgreSQL: the process's pool as the scrape finds it (every connection taken, a query waiting)", async () => {
      const pooled = await secondConnection(); // a pool of 4 of its own on the file's database, no job engine on it
      onTestFinished(() => pooled.close());
      const app = await buildApp({
        db: pooled.db,
        clock: movableClock('2026-11-22T10:00:00Z'),
        config: testConfig({ metricsToken: TOKEN }),
        mailer: memoryMailer(),
        poolUsage: pooled.poolUsage,
      });
      onTestFinished(() => app.close());
      const usage = pooled.poolUsage!;
      const until = async (condition: () => boolean) => {
        const deadline = Date.now() + 10_000;
        while (!condition()) {
          if (Date.now() > deadline) throw new Error(`pool stuck at ${JSON.stringify(usage())}`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };

      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let holding = 0;
      const held = Array.from({ length: 4 }, () =>
        pooled.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          holding += 1;
          await gate;
        }),
      );
      let scraping: ReturnType<typeof scrape>;
      let queued: Promise<unknown>;
      try {
        await until(() => holding === 4);
        queued = pooled.executeSql('select 1');
        await until(() => usage().waiting === 1);
        // The scrape's own queries wait too: once one is queued, the gauges have been read.
        scraping = scrape(app);
        await until(() => usage().waiting >= 2);
      } finally {
        release();
      }
      await Promise.all([...held, queued]);
      const during = connections((await scraping).body);
      expect({ in_use: during.in_use, idle: during.idle }).toEqual({ in_use: 4, idle: 0 });
      expect(during.waiting).toBeGreaterThanOrEqual(1);
      const after = connections((await scrape(app)).body);
      expect(after.in_use! + after.idle!).toBe(4); // the same four connections, most of them idle again
      expect(after.waiting).toBe(0);
    });
});

/* Tracker metrics move where real syncs end: the app's clients against the documented fakes. */
describe('GET /metrics: trackers', () => {
  useFakeProvider();
  const syncs = (text: string, provider: string) => sample(text, `wellness_tracker_syncs_total{provider="${provider}"}`) ?? 0;
  const failures = (text: string, provider: string, reason: string) =>
    sample(text, `wellness_tracker_sync_failures_total{provider="${provider}",reason="${reason}"}`) ?? 0;
  const paused = (text: string, provider: string, reason: string) =>
    sample(text, `wellness_tracker_needs_administrator{provider="${provider}",reason="${reason}"}`);

  test('every sync is counted per provider (the backfill too), every failed one per provider and reason', async () => {
    const { ctx, jane } = await setup({ config: { metricsToken: TOKEN } });
    onTestFinished(() => ctx.app.close());
    const before = (await scrape(ctx.app)).body;
    provider.strava.activities = [stravaRun(1, '2026-11-21T07:00:00Z', 600)];
    await connect(ctx, jane, 'STRAVA');
    await ctx.jobs.whenIdle();
    expect((await sync(ctx, jane)).problems).toEqual([]);
    provider.strava.failNext = outage(503);
    expect((await sync(ctx, jane)).problems).toHaveLength(1);
    provider.strava.failNext = [429];
    expect((await sync(ctx, jane)).problems).toHaveLength(1);
    const after = (await scrape(ctx.app)).body;
    expect(syncs(after, 'STRAVA')).toBe(syncs(before, 'STRAVA') + 2);
    expect(failures(after, 'STRAVA', 'failed')).toBe(failures(before, 'STRAVA', 'failed') + 1);
    expect(failures(after, 'STRAVA', 'rate_limited')).toBe(failures(before, 'STRAVA', 'rate_limited') + 1);
    expect(syncs(after, 'FITBIT')).toBe(syncs(before, 'FITBIT'));
  });

  test('a provider paused for a set-up fault reads 1 for its reason until a call works again', async () => {
    const { ctx, jane } = await setup({ config: { metricsToken: TOKEN } });
    onTestFinished(() => ctx.app.close());
    provider.strava.expiresAt = Math.floor(Date.parse('2026-11-22T09:00:00Z') / 1000);
    await connect(ctx, jane, 'FITBIT');
    await connect(ctx, jane, 'STRAVA');
    await ctx.jobs.whenIdle();
    const before = (await scrape(ctx.app)).body;
    for (const reason of ['api_not_enabled', 'invalid_client', 'redirect_uri_mismatch', 'app_suspended']) {
      expect(paused(before, 'FITBIT', reason)).toBe(0);
      expect(paused(before, 'STRAVA', reason)).toBe(0);
    }
    // Google: the Health API switched off for the project; Strava: the client secret rotated at strava.com.
    provider.google.failNext = ['service-disabled'];
    provider.strava.clientSecret = 'rotated-at-strava';
    await sync(ctx, jane);
    const faulty = (await scrape(ctx.app)).body;
    expect(paused(faulty, 'FITBIT', 'api_not_enabled')).toBe(1);
    expect(paused(faulty, 'FITBIT', 'invalid_client')).toBe(0);
    expect(paused(faulty, 'STRAVA', 'invalid_client')).toBe(1);
    expect(failures(faulty, 'FITBIT', 'api_not_enabled')).toBe(failures(before, 'FITBIT', 'api_not_enabled') + 1);
    expect(failures(faulty, 'STRAVA', 'invalid_client')).toBe(failures(before, 'STRAVA', 'invalid_client') + 1);
    // The administrator fixes Google: the safety net's next sync works and the gauge goes back to 0.
    ctx.clock.advance(60_000);
    await ctx.jobs.send('trackers.sync', { userId: jane.id, service: 'FITBIT', countsQuota: false, background: false });
    await ctx.jobs.whenIdle();
    const fixed = (await scrape(ctx.app)).body;
    expect(paused(fixed, 'FITBIT', 'api_not_enabled')).toBe(0);
    expect(paused(fixed, 'STRAVA', 'invalid_client')).toBe(1);
  });
});

describe('request ids', () => {
  test('every answer carries its own X-Request-Id; a sane incoming one is only the correlation id, a repeated server id included', async () => {
    const { app } = await createTestApp();
    onTestFinished(() => app.close());
    const fresh = await app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await app.inject({ method: 'POST', url: '/api/user/activity/log', payload: {} });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // A client-chosen id is never the request id (it could repeat one the server gave): it is kept as the correlation id.
    const given = fresh.headers['x-request-id'] as string;
    const replayed = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': given } });
    expect(replayed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(replayed.headers['x-request-id']).not.toBe(given);
    expect(replayed.headers['x-correlation-id']).toBe(given);
    const proxied = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'proxy-7f3a.42' } });
    expect(proxied.headers['x-correlation-id']).toBe('proxy-7f3a.42');
    expect(proxied.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    for (const insane of ['two words', 'x'.repeat(200), '<script>', 'line\tbreak']) {
      const answer = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': insane } });
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.headers['x-correlation-id']).toBeUndefined();
    }
  });

  test('every log line of a request carries its id', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const database = await testDatabase();
    const app = await buildApp({
      db: database.db,
      clock: movableClock('2026-11-22T10:00:00Z'),
      config: testConfig(),
      mailer: memoryMailer(),
      logger: { level: 'info', stream },
    });
    onTestFinished(() => app.close());
    const answer = await app.inject({ method: 'GET', url: '/api/no-such-route', headers: { 'x-request-id': 'quote-me-123' } });
    const requestId = answer.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const ofRequest = lines.filter((line) => 'req' in line || 'res' in line || line.reqId !== undefined);
    expect(ofRequest.length).toBeGreaterThanOrEqual(2); // incoming request, request completed
    expect(ofRequest.every((line) => line.reqId === requestId && line.correlationId === 'quote-me-123')).toBe(true);
  });
});
