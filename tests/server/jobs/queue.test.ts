import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { resetDatabase, testDatabase } from '../helpers/test-app';
import { jobRows, testQueue, waitFor, type TestLog } from './support';

/*
 * The job engine (pg-boss 10 through server/jobs) on the test database: PGlite in memory, or
 * PostgreSQL with TEST_DATABASE_URL (scripts/with-postgres.sh).
 */

let database: Database;
const queues: ReturnType<typeof testQueue>[] = [];
const queue = (log: TestLog = [], options: Parameters<typeof testQueue>[2] = {}) => {
  const created = testQueue(database, log, options);
  queues.push(created);
  return created;
};

beforeAll(async () => {
  database = await testDatabase();
});
beforeEach(async () => {
  await resetDatabase(database);
});
afterEach(async () => {
  await Promise.all(queues.splice(0).map((created) => created.stop()));
});

test('a job sent is handled once, with its payload, and ends completed', async () => {
  const jobs = queue();
  const seen: { n: number; attempt: number }[] = [];
  jobs.work('test.record', async ({ n }, job) => {
    seen.push({ n, attempt: job.attempt });
  });
  await jobs.start();
  const ids = await Promise.all([1, 2, 3].map((n) => jobs.send('test.record', { n })));
  expect(ids.every((id) => typeof id === 'string')).toBe(true);
  await jobs.whenIdle();
  expect(seen.sort((a, b) => a.n - b.n)).toEqual([
    { n: 1, attempt: 1 },
    { n: 2, attempt: 1 },
    { n: 3, attempt: 1 },
  ]);
  expect((await jobRows(database, 'test.record')).map((row) => row.state)).toEqual(['completed', 'completed', 'completed']);
});

test('a payload that does not match its schema is refused at send; nothing is queued', async () => {
  const jobs = queue();
  await jobs.start();
  await expect(jobs.send('test.record', { n: 'one' } as never)).rejects.toThrow();
  await expect(jobs.send('no.such-job' as never, {} as never)).rejects.toThrow('unknown job "no.such-job"');
  expect(await jobRows(database, 'test.record')).toEqual([]);
});

test('a failing job is retried with exponential backoff, then fails for good and is listed as a failure', async () => {
  const log: TestLog = [];
  const jobs = queue(log);
  const attempts: { at: number; attempt: number; lastAttempt: boolean }[] = [];
  jobs.work('test.flaky', async (_data, job) => {
    attempts.push({ at: Date.now(), attempt: job.attempt, lastAttempt: job.lastAttempt });
    throw new Error(`mail server said no (attempt ${job.attempt})`);
  });
  await jobs.start();
  const id = await jobs.send('test.flaky', { label: 'x' });
  await jobs.whenIdle({ includeDelayed: true, timeoutMs: 20_000 });

  // retryLimit 2: three attempts. retryDelay 1 s with backoff: ~1-2 s, then ~2-4 s (pg-boss adds jitter).
  expect(attempts.map((attempt) => [attempt.attempt, attempt.lastAttempt])).toEqual([
    [1, false],
    [2, false],
    [3, true],
  ]);
  const firstGap = attempts[1]!.at - attempts[0]!.at;
  const secondGap = attempts[2]!.at - attempts[1]!.at;
  expect(firstGap).toBeGreaterThanOrEqual(900);
  expect(secondGap).toBeGreaterThanOrEqual(1900);

  const [row] = await jobRows(database, 'test.flaky');
  expect(row).toMatchObject({ id, state: 'failed', retryCount: 2, output: { message: 'mail server said no (attempt 3)' } });
  expect(await jobs.failures({ name: 'test.flaky' })).toEqual([{ id, name: 'test.flaky', attempts: 3, error: 'mail server said no (attempt 3)', failedAt: expect.any(Date) }]);
  expect(log.filter((line) => line.level === 'warn').map((line) => line.message)).toEqual(['job attempt failed; it will be retried', 'job attempt failed; it will be retried']);
  expect(log.filter((line) => line.level === 'error')).toEqual([
    { level: 'error', message: 'job failed for good', fields: expect.objectContaining({ job: 'test.flaky', jobId: id, attempt: 3, attempts: 3 }) },
  ]);
}, 30_000);

test('a job that fails once succeeds on its retry', async () => {
  const jobs = queue();
  let calls = 0;
  jobs.work('test.flaky', async () => {
    calls += 1;
    if (calls === 1) throw new Error('temporary');
  });
  await jobs.start();
  await jobs.send('test.flaky', { label: 'y' });
  await jobs.whenIdle({ includeDelayed: true, timeoutMs: 15_000 });
  expect(calls).toBe(2);
  expect((await jobRows(database, 'test.flaky')).map((row) => [row.state, row.retryCount])).toEqual([['completed', 1]]);
  expect(await jobs.failures()).toEqual([]);
});

test('a scheduled (cron) job is sent by the schedule and handled', async () => {
  const jobs = queue([], { schedule: true, cronCheckSeconds: 1 });
  const runs: string[] = [];
  jobs.work('test.tick', async ({ from }) => {
    runs.push(from);
  });
  await jobs.start();
  await jobs.schedule('test.tick', '* * * * *', { from: 'cron' });
  await waitFor(() => runs.length > 0, 20_000);
  expect(runs[0]).toBe('cron');
  await jobs.unschedule('test.tick');
  expect((await database.executeSql('select name from pgboss.schedule')).rows).toEqual([]);
}, 30_000);

test('a singleton key keeps one waiting job per key (policy "short")', async () => {
  const jobs = queue();
  await jobs.start(); // no handler: the jobs stay waiting
  const first = await jobs.send('test.once-per-key', { user: 1 }, { singletonKey: 'user:1' });
  const duplicate = await jobs.send('test.once-per-key', { user: 1 }, { singletonKey: 'user:1' });
  const other = await jobs.send('test.once-per-key', { user: 2 }, { singletonKey: 'user:2' });
  expect(first).toEqual(expect.any(String));
  expect(duplicate).toBeNull();
  expect(other).toEqual(expect.any(String));
  expect(await jobRows(database, 'test.once-per-key')).toHaveLength(2);
});

test('a job sent inside a transaction exists only if the transaction commits', async () => {
  const jobs = queue();
  const seen: number[] = [];
  jobs.work('test.record', async ({ n }) => {
    seen.push(n);
  });
  await jobs.start();
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    await jobs.send('test.record', { n: 1 }, { tx });
  });
  await expect(
    database.db.transaction(async (tx) => {
      await jobs.send('test.record', { n: 2 }, { tx });
      throw new Error('the write failed');
    }),
  ).rejects.toThrow('the write failed');
  await jobs.whenIdle();
  expect(seen).toEqual([1]);
  expect(await jobRows(database, 'test.record')).toHaveLength(1);
});

test('stop lets a running job finish, and jobs not yet started wait in the database for the next start', async () => {
  const jobs = queue([], { concurrency: 1 });
  const finished: number[] = [];
  let started = 0;
  jobs.work('test.slow', async ({ ms }) => {
    started += 1;
    await new Promise((resolve) => setTimeout(resolve, ms));
    finished.push(ms);
  });
  await jobs.start();
  await jobs.send('test.slow', { ms: 400 });
  await waitFor(() => started === 1);
  await jobs.send('test.slow', { ms: 1 }); // queued behind the running one (one handler slot)
  const stopping = performance.now();
  await jobs.stop();
  expect(performance.now() - stopping).toBeLessThan(2500);
  expect(finished).toEqual([400]);
  await expect(jobs.send('test.slow', { ms: 1 })).rejects.toThrow('the job queue is stopped');

  const rows = await jobRows(database, 'test.slow');
  expect(rows.map((row) => row.state).sort()).toEqual(['completed', 'created']);

  const next = queue();
  next.work('test.slow', async ({ ms }) => {
    finished.push(ms);
  });
  await next.start();
  await next.whenIdle();
  expect(finished).toEqual([400, 1]);
});

test('stop gives up on a job that outlives its timeout: the attempt is aborted, failed and retried on the next start', async () => {
  const log: TestLog = [];
  const jobs = queue(log);
  let aborted = false;
  jobs.work('test.slow', (_data, job) => {
    job.signal.addEventListener('abort', () => (aborted = true));
    return new Promise(() => undefined); // never ends on its own
  });
  await jobs.start();
  await jobs.send('test.slow', { ms: 0 });
  await waitFor(async () => (await jobRows(database, 'test.slow'))[0]?.state === 'active');
  const stopping = performance.now();
  await jobs.stop({ timeoutMs: 300 });
  expect(performance.now() - stopping).toBeLessThan(2000);
  expect(aborted).toBe(true);
  expect((await jobRows(database, 'test.slow')).map((row) => row.state)).toEqual(['retry']);
  expect(log.some((line) => line.level === 'warn' && line.message.includes('still running'))).toBe(true);

  const next = queue();
  const retried: number[] = [];
  next.work('test.slow', async (_data, job) => {
    retried.push(job.attempt);
  });
  await next.start();
  await next.whenIdle({ includeDelayed: true });
  expect(retried).toEqual([2]);
});

test('an attempt longer than its timeout fails, its signal aborts, and the error is recorded', async () => {
  const jobs = queue();
  let signal: AbortSignal | undefined;
  jobs.work('test.hang', (_data, job) => {
    signal = job.signal;
    return new Promise(() => undefined);
  });
  await jobs.start();
  const started = performance.now();
  const id = await jobs.send('test.hang', {});
  await jobs.whenIdle({ timeoutMs: 5000 });
  expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  expect(signal?.aborted).toBe(true);
  expect(await jobs.failures()).toEqual([{ id, name: 'test.hang', attempts: 1, error: 'timed out after 1 s', failedAt: expect.any(Date) }]);
});
