/**
 * Scale-out, shown: two API processes (A and B, different ports) on ONE
 * PostgreSQL, sharing JWT_SECRET, TOKEN_ENCRYPTION_KEY and DATA_DIR (photos), started as users start
 * them (`node scripts/start.mjs`, the built server). It checks that what one process does holds on
 * the other, then measures the throughput of one process against both together.
 *
 *   sessions      sign in on A, use the access token and refresh on B, sign out on A: B refuses both
 *   rate limits   wrong passwords alternating A, B: the limit trips on the combined count
 *   idempotency   the same Idempotency-Key on A then B: one row, the same answer twice
 *   photos        a photo uploaded through A is served by B (shared DATA_DIR)
 *   jobs          forgot-password mails queued through A and B: each written exactly once, by both processes
 *   throughput    month call, 50 connections on A alone vs 25 + 25 on A and B at once (alternating rounds)
 *
 *   npx tsx bench/scale-out.ts      BENCH_PG_PORT=55445 BENCH_PORTS=4500,4501 BENCH_DURATION=5 BENCH_ROUNDS=3
 * Exit code 1 when any check fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startScratchPostgres } from './competition/postgres';
import { measure, warmUp, type LoadFigures } from './lib/load';
import { startServer, stopServer, waitReady, type ServerProcess } from './lib/server-process';

const pgPort = Number(process.env.BENCH_PG_PORT ?? 55445);
const [portA, portB] = (process.env.BENCH_PORTS ?? '4500,4501').split(',').map(Number) as [number, number];
const duration = Number(process.env.BENCH_DURATION ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PASSWORD = 'Scale-Out-Password-1';
/** A 1x1 PNG (the server sniffs the bytes, not the name). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

type Check = { name: string; ok: boolean; detail: string };
const checks: Check[] = [];
const check = (name: string, ok: boolean, detail: string) => {
  checks.push({ name, ok, detail });
  console.info(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
};

const today = new Date().toISOString().slice(0, 10);
const monthQuery = `startDate=${today.slice(0, 8)}01&endDate=${today.slice(0, 8)}28`;

/** The refresh cookie's value from a response (the bench plays the browser's cookie jar). */
const refreshCookieOf = (response: Response) => /wc_refresh=([^;]*)/.exec(response.headers.getSetCookie().join('\n'))?.[1] ?? '';

const api = (server: ServerProcess, path: string, init: RequestInit & { token?: string; cookie?: string } = {}) => {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.cookie !== undefined) headers.set('cookie', `wc_refresh=${init.cookie}`);
  return fetch(`${server.base}/api${path}`, { ...init, headers });
};

const signup = async (server: ServerProcess, email: string, photo = false) => {
  const form = new FormData();
  for (const [key, value] of Object.entries({ firstName: 'Scale', lastName: 'Out', email, password: PASSWORD, dateOfBirth: '1990-01-01', gender: 'other', levelOfCompetition: 'Beginner' })) form.append(key, value);
  if (photo) form.append('photo', new Blob([PNG], { type: 'image/png' }), 'me.png');
  const response = await api(server, '/auth/signup', { method: 'POST', body: form });
  if (response.status !== 201) throw new Error(`signup ${email}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { accessToken: string; user: { id: number; profilePicture: string | null } };
};

const signin = (server: ServerProcess, email: string, password: string) =>
  api(server, '/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

const sessions = async (a: ServerProcess, b: ServerProcess) => {
  const email = 'session@example.com';
  await signup(a, email);
  const signedIn = await signin(a, email, PASSWORD);
  const { accessToken } = (await signedIn.json()) as { accessToken: string };
  const cookie = refreshCookieOf(signedIn);
  const readOnB = await api(b, `/user/activity?${monthQuery}`, { token: accessToken });
  check('sessions: token from A works on B', readOnB.status === 200, `sign-in on A ${signedIn.status}, month on B ${readOnB.status}`);
  const refreshed = await api(b, '/auth/refresh', { method: 'POST', cookie });
  const rotated = refreshCookieOf(refreshed);
  const newToken = ((await refreshed.json()) as { accessToken?: string }).accessToken ?? '';
  const readOnA = await api(a, `/user/activity?${monthQuery}`, { token: newToken });
  check('sessions: refresh on B, new token on A', refreshed.status === 200 && rotated !== '' && rotated !== cookie && readOnA.status === 200, `refresh on B ${refreshed.status} (cookie rotated: ${rotated !== cookie}), month on A ${readOnA.status}`);
  const signedOut = await api(a, '/auth/signout', { method: 'POST', cookie: rotated });
  await new Promise((resolve) => setTimeout(resolve, 1100)); // each process trusts a session check for 1 s
  const refreshAfter = await api(b, '/auth/refresh', { method: 'POST', cookie: rotated });
  const tokenAfter = await api(b, `/user/activity?${monthQuery}`, { token: newToken });
  check('sessions: sign-out on A ends the session on B', signedOut.status === 204 && refreshAfter.status === 401 && tokenAfter.status === 401, `sign-out on A ${signedOut.status}, then on B: refresh ${refreshAfter.status}, access token ${tokenAfter.status}`);
};

const rateLimits = async (a: ServerProcess, b: ServerProcess) => {
  const email = 'limited@example.com';
  await signup(a, email);
  const statuses: string[] = [];
  let trippedAt = 0;
  for (let attempt = 1; attempt <= 12 && !trippedAt; attempt += 1) {
    const server = attempt % 2 ? a : b;
    const response = await signin(server, email, 'Wrong-Password-9');
    statuses.push(`${server === a ? 'A' : 'B'}:${response.status}`);
    if (response.status === 429) trippedAt = attempt;
  }
  // signin:account-address allows 10 failures per 15 minutes: 5 on A + 5 on B, the 11th is refused.
  check('rate limits: failures on A and B count together', trippedAt === 11, `${statuses.join(' ')} (limit 10 per account and address, alternating processes)`);
};

const idempotency = async (a: ServerProcess, b: ServerProcess, databaseUrl: string) => {
  const { accessToken, user } = await signup(a, 'idempotent@example.com');
  const body = JSON.stringify({ name: 'Running', movingTime: 30, startTime: `${today}T06:00:00.000Z` });
  const headers = { 'content-type': 'application/json', 'idempotency-key': 'scale-out-key-1' };
  const first = await api(a, '/user/activity/log', { method: 'POST', headers, body, token: accessToken });
  const second = await api(b, '/user/activity/log', { method: 'POST', headers, body, token: accessToken });
  const [one, two] = [await first.text(), await second.text()];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ count: string }>('select count(*) from activities where user_id = $1', [user.id]);
  await client.end();
  check('idempotency: same key on A then B creates one row', first.status === 201 && second.status === 201 && one === two && rows[0]?.count === '1', `A ${first.status}, B ${second.status}, same answer: ${one === two}, rows: ${rows[0]?.count}`);
};

const photos = async (a: ServerProcess, b: ServerProcess) => {
  const { user } = await signup(a, 'photo@example.com', true);
  const name = user.profilePicture?.split('/').pop() ?? '';
  const served = await fetch(`${b.base}/api/uploads/${name}`);
  check('photos: uploaded through A, served by B (shared DATA_DIR)', served.status === 200, `profile picture ${user.profilePicture}, B answers ${served.status}`);
};

/**
 * Jobs (pg-boss, schema `pgboss` in the shared database): forgot-password requests alternate between
 * A and B; each queues one mail job. Every mail must be written exactly once (the shared outbox
 * holds one .eml per employee) and, from the processes' logs, both processes handled some.
 */
const jobs = async (a: ServerProcess, b: ServerProcess, dataDir: string) => {
  const emails = Array.from({ length: 10 }, (_, index) => `jobs${index}@example.com`);
  for (const email of emails) await signup(a, email);
  const before = { a: mailsLogged(a), b: mailsLogged(b) };
  for (const [index, email] of emails.entries()) {
    const response = await api(index % 2 ? b : a, '/auth/forgot-password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    if (response.status !== 202) throw new Error(`forgot-password ${email}: ${response.status}`);
  }
  const outbox = join(dataDir, 'outbox');
  const recipients = () => (existsSync(outbox) ? readdirSync(outbox).map((name) => /^To: (.*)$/m.exec(readFileSync(join(outbox, name), 'utf8'))?.[1]?.trim() ?? '') : []);
  const deadline = Date.now() + 30_000;
  while (recipients().length < emails.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  await new Promise((resolve) => setTimeout(resolve, 3000)); // a duplicate would arrive within a poll or two
  const sent = recipients();
  const exactlyOnce = sent.length === emails.length && emails.every((email) => sent.filter((to) => to === email).length === 1);
  const byA = mailsLogged(a) - before.a;
  const byB = mailsLogged(b) - before.b;
  check('jobs: mail jobs queued through A and B run exactly once', exactlyOnce, `${emails.length} forgot-password requests (5 on A, 5 on B), ${sent.length} mails in the shared outbox, one per employee: ${exactlyOnce}`);
  check('jobs: both processes handle jobs', byA > 0 && byB > 0 && byA + byB === emails.length, `written by A: ${byA}, by B: ${byB}`);
};

/** Mails this process wrote to the outbox so far (its log line per mail, at LOG_LEVEL=info). */
const mailsLogged = (server: ServerProcess) => server.output().split('\n').filter((line) => line.includes('mail written to the outbox')).length;

const throughput = async (a: ServerProcess, b: ServerProcess) => {
  const { accessToken } = await signup(a, 'load@example.com');
  const headers = { authorization: `Bearer ${accessToken}` };
  const path = `/api/user/activity?${monthQuery}`;
  await warmUp(a.base + path, headers);
  await warmUp(b.base + path, headers);
  const single: LoadFigures[] = [];
  const both: { total: number; a: LoadFigures; b: LoadFigures }[] = [];
  for (let round = 0; round < rounds; round += 1) {
    single.push(await measure('A alone', a.base + path, { connections, duration, headers }));
    const [onA, onB] = await Promise.all([
      measure('A (with B)', a.base + path, { connections: connections / 2, duration, headers }),
      measure('B (with A)', b.base + path, { connections: connections / 2, duration, headers }),
    ]);
    both.push({ total: onA.requestsPerSecond + onB.requestsPerSecond, a: onA, b: onB });
  }
  const medianOf = <T>(items: T[], value: (item: T) => number) => [...items].sort((x, y) => value(x) - value(y))[Math.floor(items.length / 2)]!;
  const one = medianOf(single, (figures) => figures.requestsPerSecond);
  const two = medianOf(both, (figures) => figures.total);
  const errors = [...single, ...both.flatMap((round) => [round.a, round.b])].reduce((sum, figures) => sum + figures.errors + figures.non2xx, 0);
  console.info(`\nThroughput, GET /api/user/activity (month), ${connections} connections, ${duration} s per run, median of ${rounds} alternating rounds:`);
  console.info('| processes | req/s | p99 ms |');
  console.info('|---|---|---|');
  console.info(`| one (A) | ${one.requestsPerSecond} | ${one.p99} |`);
  console.info(`| two (A + B) | ${two.total} (${two.a.requestsPerSecond} + ${two.b.requestsPerSecond}) | ${Math.max(two.a.p99, two.b.p99)} |`);
  console.info(`| two / one | ${(two.total / one.requestsPerSecond).toFixed(2)} | |`);
  check('throughput: no errors or non-2xx under load on either process', errors === 0, `${errors} errors/non-2xx`);
};

const main = async () => {
  const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
  console.info(`load average ${loadavg().map((value) => value.toFixed(2)).join(' ')} (2 cores shared with other work)`);
  const postgres = startScratchPostgres(pgPort);
  const dataDir = mkdtempSync(join(tmpdir(), 'wc-scale-out-'));
  const env = {
    DATABASE_URL: postgres.url,
    DATA_DIR: dataDir,
    STATIC_DIR: join(dataDir, 'no-spa'),
    JWT_SECRET: 'scale-out-shared-secret-long-enough-for-hs256',
    TOKEN_ENCRYPTION_KEY: 'scale-out-shared-token-key-0123456789abcdef',
    SIGNUP_LIMIT_PER_HOUR: '1000',
  };
  const startBoth = async (logLevel: string) => {
    const a = startServer({ ...env, LOG_LEVEL: logLevel, PORT: String(portA) });
    await waitReady(a); // on the first start A migrates the empty database; B then starts on a migrated one
    const b = startServer({ ...env, LOG_LEVEL: logLevel, PORT: String(portB) });
    await waitReady(b).catch(async (error: unknown) => {
      await stopServer(a);
      throw error;
    });
    return [a, b] as const;
  };
  try {
    // Checks at LOG_LEVEL=info (the jobs check counts each process's outbox log lines) ...
    const [a, b] = await startBoth('info');
    try {
      await sessions(a, b);
      await rateLimits(a, b);
      await idempotency(a, b, postgres.url);
      await photos(a, b);
      await jobs(a, b, dataDir);
    } finally {
      await Promise.all([stopServer(a), stopServer(b)]);
    }
    // ... throughput at warn: a log line per request would be measured too.
    const [quietA, quietB] = await startBoth('warn');
    try {
      await throughput(quietA, quietB);
    } finally {
      await Promise.all([stopServer(quietA), stopServer(quietB)]);
    }
  } finally {
    postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const failed = checks.filter((item) => !item.ok);
  console.info(`\n${checks.length - failed.length} of ${checks.length} checks passed`);
  if (failed.length) process.exitCode = 1;
};

await main();
