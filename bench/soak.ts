/**
 * Soak: 50 connections mixing reads (month, top leaders, feed) and writes (log and delete
 * activities) against the real server started as users start it (`node scripts/start.mjs`), with a
 * kill -9 of the server part-way and an immediate restart. At the end every acknowledged write must
 * be there (and every acknowledged delete gone), and no request may have answered 5xx; requests
 * refused while the process was down are counted apart.
 *
 *   npx tsx bench/soak.ts            SOAK_SECONDS=60 SOAK_CONNECTIONS=50 SOAK_TARGETS=pglite,postgres
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startScratchPostgres } from './competition/postgres';
import { freePort } from './lib/server-process';
import { monthEndOf, toIsoDay } from '@/domain/days';

const seconds = Number(process.env.SOAK_SECONDS ?? 60);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 50);
const targets = (process.env.SOAK_TARGETS ?? 'pglite,postgres').split(',');
const EMPLOYEES = 20;
const PASSWORD = 'Soak-Test-Password-1';


const startServer = (env: Record<string, string>) => spawn(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, ...env }, stdio: 'ignore' });

const waitReady = async (base: string) => {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const ok = await fetch(`${base}/api/ready`).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server not ready');
};

const today = toIsoDay(new Date());
const month = { startDate: `${today.slice(0, 8)}01`, endDate: monthEndOf(today) };

type Employee = { email: string; token: string; id: number };

const run = async (target: string) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wc-soak-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const postgres = target === 'postgres' ? startScratchPostgres(await freePort()) : null;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SKIP_BUILD: '1',
    STATIC_DIR: join(dataDir, 'no-spa'),
    LOG_LEVEL: 'warn',
    APP_ORIGIN: base,
    SIGNUP_LIMIT_PER_HOUR: '1000',
    JWT_SECRET: 'soak-secret-that-is-long-enough-for-hs256',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  let server: ChildProcess = startServer(env);
  try {
    await waitReady(base);
    const employees: Employee[] = [];
    for (let index = 0; index < EMPLOYEES; index += 1) {
      const form = new FormData();
      const email = `soak${index}@example.com`;
      for (const [key, value] of Object.entries({ firstName: 'Soak', lastName: `Tester${index}`, email, password: PASSWORD, dateOfBirth: '1990-01-01', gender: 'other', levelOfCompetition: 'Beginner' })) form.append(key, value);
      const response = await fetch(`${base}/api/auth/signup`, { method: 'POST', body: form });
      const body = (await response.json()) as { accessToken: string; user: { id: number } };
      employees.push({ email, token: body.accessToken, id: body.user.id });
    }

    const acked = new Map<number, Employee>(); // activity id -> owner, created and not deleted
    const deleted = new Set<number>();
    const latencies: number[] = [];
    let requests = 0;
    let serverErrors = 0;
    let refused = 0;
    const started = Date.now();
    const deadline = started + seconds * 1000;
    let killedAt = 0;
    let backAt = 0;

    const call = async (path: string, init: RequestInit, employee: Employee) => {
      const begin = performance.now();
      try {
        const response = await fetch(`${base}/api${path}`, { ...init, headers: { ...init.headers, authorization: `Bearer ${employee.token}`, 'content-type': 'application/json' } });
        latencies.push(performance.now() - begin);
        requests += 1;
        if (response.status >= 500) serverErrors += 1;
        return response;
      } catch {
        refused += 1; // the process is down: no answer at all, never an acknowledgement
        await new Promise((resolve) => setTimeout(resolve, 100));
        return null;
      }
    };

    const worker = async (worker: number) => {
      while (Date.now() < deadline) {
        const employee = employees[(worker + requests) % employees.length]!;
        const dice = Math.random();
        if (dice < 0.8) {
          const read = dice < 0.4 ? `/user/activity?startDate=${month.startDate}&endDate=${month.endDate}` : dice < 0.6 ? '/leaders/top' : '/user/activity/feed?page=1';
          await call(read, { method: 'GET' }, employee);
        } else if (dice < 0.95 || acked.size === 0) {
          const response = await call('/user/activity/log', { method: 'POST', body: JSON.stringify({ name: 'Running', movingTime: 1 + Math.floor(Math.random() * 60), startTime: `${today}T06:00:00.000Z` }) }, employee);
          if (response?.status === 201) acked.set(((await response.json()) as { id: number }).id, employee);
        } else {
          const [id, owner] = [...acked.entries()][Math.floor(Math.random() * acked.size)]!;
          acked.delete(id);
          const response = await call(`/user/activity/${id}`, { method: 'DELETE' }, owner);
          if (response?.status === 204) deleted.add(id);
          else if (response?.status !== 404) acked.set(id, owner); // not acknowledged: it may still exist
        }
      }
    };

    const killer = (async () => {
      await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / 2.5));
      server.kill('SIGKILL');
      killedAt = Date.now();
      await new Promise((resolve) => server.once('exit', resolve));
      server = startServer(env);
      await waitReady(base);
      backAt = Date.now();
    })();
    await Promise.all([...Array.from({ length: connections }, (_, index) => worker(index)), killer]);

    // Every acknowledged write is there, every acknowledged delete is gone.
    let missing = 0;
    let resurrected = 0;
    for (const employee of employees) {
      const response = await fetch(`${base}/api/user/activity?startDate=${month.startDate}&endDate=${month.endDate}`, { headers: { authorization: `Bearer ${employee.token}` } });
      const present = new Set(((await response.json()) as { activities: { id: number }[] }).activities.map((activity) => activity.id));
      for (const [id, owner] of acked) if (owner === employee && !present.has(id)) missing += 1;
      for (const id of deleted) if (present.has(id)) resurrected += 1;
    }
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]?.toFixed(1);
    const elapsed = (Date.now() - started) / 1000;
    console.info(
      `| ${target} | ${seconds} s, ${connections} conn. | ${requests.toLocaleString('en-US')} answered (${Math.round(requests / elapsed)} req/s) | p50 ${at(0.5)} ms, p99 ${at(0.99)} ms | 5xx ${serverErrors} | refused while down ${refused} (down ${((backAt - killedAt) / 1000).toFixed(1)} s) | acknowledged writes ${acked.size + deleted.size}: missing ${missing}, deleted but back ${resurrected} |`,
    );
    if (serverErrors > 0 || missing > 0 || resurrected > 0) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

console.info('| database | load | answered | latency | 5xx | kill -9 and restart | durability |');
console.info('|---|---|---|---|---|---|---|');
for (const target of targets) await run(target);
