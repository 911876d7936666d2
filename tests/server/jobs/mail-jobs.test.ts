import { smtpMailer } from '../../../server/mail/transport';
import { appJobs, type AppJobs } from '../../../server/jobs/catalog';
import { createTestApp, testDatabase } from '../helpers/test-app';
import { addUser, authHeader } from '../helpers/competition-seed';
import { seedUser } from '../auth/fixtures';
import { jobRows } from './support';
import { startFakeSmtp } from './fake-smtp';

/*
 * Mails go out through the job queue: the answer does not wait for SMTP, and a mail server that
 * answers 451 (try again later) gets the mail again with backoff. SMTP is a fake server on loopback.
 */

beforeAll(async () => {
  await testDatabase();
});

/** Production's mail jobs with a 1 s first retry delay instead of 30 s. */
const quickRetries: AppJobs = {
  ...appJobs,
  'mail.forgot-password': { ...appJobs['mail.forgot-password'], retryDelaySeconds: 1 },
  'mail.password-reset': { ...appJobs['mail.password-reset'], retryDelaySeconds: 1 },
};

/** Two backed-off retries take ~4 s; a loaded two-core CI machine has needed more than 20 s. */
const RETRIES_DONE_MS = 50_000;

let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
beforeEach(async () => {
  smtp = await startFakeSmtp();
});
afterEach(async () => {
  await smtp.close();
});

const setup = async () => {
  const context = await createTestApp({ mailer: smtpMailer(smtp.url, 'Wellness Challenge <no-reply@localhost>'), jobCatalog: quickRetries });
  onTestFinished(() => context.app.close());
  return context;
};

const linkIn = (data: string) => /reset-password\?token=3D([A-Za-z0-9_-]+)|reset-password\?token=([A-Za-z0-9_-]+)/.exec(data.replace(/=\r\n/g, ''));

test('forgot-password answers before any mail is sent; after two 451 answers the mail goes out on the third try with a working link', async () => {
  const { app, db, database, jobs, injectWithoutWaiting } = await setup();
  await seedUser(db);
  smtp.failNext(2);

  const response = await injectWithoutWaiting({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'jane@example.com' } });
  expect(response.statusCode).toBe(202);
  expect(smtp.received).toEqual([]); // the answer did not wait for the mail

  await jobs.whenIdle({ includeDelayed: true, timeoutMs: RETRIES_DONE_MS });
  expect(smtp.rejected()).toBe(2);
  expect(smtp.received).toHaveLength(1);
  expect(smtp.received[0]!.to).toEqual(['jane@example.com']);
  const [job] = await jobRows(database, 'mail.forgot-password');
  expect(job).toMatchObject({ state: 'completed', retryCount: 2 });

  const match = linkIn(smtp.received[0]!.data)!;
  const token = match[1] ?? match[2]!;
  const check = await app.inject({ method: 'GET', url: `/api/auth/forgot-password?token=${token}` });
  expect(check.json()).toEqual({ valid: true });
}, RETRIES_DONE_MS + 10_000);

test('an unknown e-mail queues the same job, which sends nothing', async () => {
  const { jobs, db, database, injectWithoutWaiting } = await setup();
  await seedUser(db);
  const response = await injectWithoutWaiting({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nobody@example.com' } });
  expect(response.statusCode).toBe(202);
  await jobs.whenIdle();
  expect(smtp.received).toEqual([]);
  expect((await jobRows(database, 'mail.forgot-password')).map((row) => row.state)).toEqual(['completed']);
});

test("the admin's reset mail is queued too: the answer comes at once, the mail after the server recovers", async () => {
  const { app, db, config, clock, jobs, database } = await setup();
  const admin = await addUser(db, { role: 'admin' });
  const employee = await addUser(db);
  smtp.failNext(1);
  const response = await app.inject({ method: 'POST', url: `/api/users/${employee.id}/reset-password`, headers: await authHeader(db, admin, config, clock.now()) });
  expect(response.statusCode).toBe(202);
  await jobs.whenIdle({ includeDelayed: true, timeoutMs: RETRIES_DONE_MS });
  expect(smtp.rejected()).toBe(1);
  expect(smtp.received.map((mail) => mail.to)).toEqual([[employee.email]]);
  expect((await jobRows(database, 'mail.password-reset')).map((row) => [row.state, row.retryCount])).toEqual([['completed', 1]]);
}, RETRIES_DONE_MS + 10_000);
