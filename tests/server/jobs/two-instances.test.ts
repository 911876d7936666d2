import type { Database } from '../../../server/db/client';
import { buildApp } from '../../../server/app';
import { testConfig } from '../../../server/config';
import { appJobs } from '../../../server/jobs/catalog';
import { createPgBossQueue } from '../../../server/jobs/pg-boss-queue';
import { memoryMailer } from '@/domain/mail';
import { movableClock, resetDatabase, secondConnection, testDatabase } from '../helpers/test-app';
import { addUser } from '../helpers/competition-seed';
import { jobRows, testQueue } from './support';

/*
 * Several API processes on one database share one queue. Two engines (on PostgreSQL each
 * with its own connection pool, as two processes have) take jobs from the same tables: every job
 * is handled exactly once between them.
 */

let first: Database;
let second: Database;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  first = await testDatabase();
  second = await secondConnection();
});
afterAll(async () => {
  if (second !== first) await second.close();
});
beforeEach(async () => {
  await resetDatabase(first);
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

test('two engines on one database handle each of 40 jobs exactly once, and both take part', async () => {
  const handledBy: { n: number; by: string }[] = [];
  const engines = (['a', 'b'] as const).map((by, index) => {
    const jobs = testQueue(index === 0 ? first : second, [], { concurrency: 2, pollSeconds: 0.5 });
    jobs.work('test.record', async ({ n }) => {
      await new Promise((resolve) => setTimeout(resolve, 40));
      handledBy.push({ n, by });
    });
    cleanups.push(() => jobs.stop());
    return jobs;
  });
  await Promise.all(engines.map((jobs) => jobs.start()));
  for (let n = 0; n < 40; n += 1) await engines[n % 2]!.send('test.record', { n });
  await Promise.all(engines.map((jobs) => jobs.whenIdle({ timeoutMs: 20_000 })));

  expect(handledBy.map((entry) => entry.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
  expect(new Set(handledBy.map((entry) => entry.by))).toEqual(new Set(['a', 'b']));
  expect((await jobRows(first, 'test.record')).every((row) => row.state === 'completed')).toBe(true);
}, 30_000);

test('two app instances: forgot-password requests to either one produce exactly one mail each', async () => {
  const clock = movableClock('2026-11-22T10:00:00Z');
  const config = testConfig();
  const instances = await Promise.all(
    [first, second].map(async (database) => {
      const mailer = memoryMailer();
      const jobs = createPgBossQueue(appJobs, { db: database, log: () => app.log, schedule: false, supervise: false, pollSeconds: 0.5 });
      const app = await buildApp({ db: database.db, clock, config, mailer, jobs });
      cleanups.push(() => app.close());
      cleanups.push(() => jobs.stop());
      await jobs.start();
      return { app, jobs, mailer };
    }),
  );
  const users = await Promise.all(Array.from({ length: 6 }, () => addUser(first.db)));
  for (const [index, user] of users.entries()) {
    const response = await instances[index % 2]!.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email }, remoteAddress: `10.0.0.${index + 1}` });
    expect(response.statusCode).toBe(202);
  }
  await Promise.all(instances.map(({ jobs }) => jobs.whenIdle({ timeoutMs: 20_000 })));
  const mails = instances.flatMap(({ mailer }) => mailer.sent.map((mail) => mail.to));
  expect(mails.sort()).toEqual(users.map((user) => user.email).sort());
}, 30_000);
