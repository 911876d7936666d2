/**
 * Operator work at the load model's full size on PostgreSQL 15 (docs/load-model.md: 100,000
 * employees, 15,000,000 activities a competition year): migrations of an empty database, the seed,
 * `npm run scores:rebuild`, `npm run db:migrate` on the full database, `npm start` on it (ready
 * time, idle RSS), the admin CSV exports of 100,000 rows (time, size, the server's peak RSS while
 * streaming), `npm run backup` (time, archive size) and `npm run restore` into an empty database.
 *
 *   nice -n 10 npx tsx bench/full-size-operations.ts   BENCH_USERS=100000 BENCH_ACTIVITIES=15000000 BENCH_PG_PORT=55872
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { systemClock } from '@/domain/clock';
import { currentCompetitionYear } from '@/domain/competition';
import { toIsoDay } from '@/domain/days';
import { testConfig } from '../server/config';
import { openPostgres } from '../server/db/client';
import { rebuildScores } from '../server/modules/scoring/repo';
import { signedInToken } from '../tests/support/signed-in-token';
import { startScratchPostgres } from './competition/postgres';
import { seedCompetitionYear } from './competition/seed';
import { freePort, memoryOf, startServer, stopServer, waitReady } from './lib/server-process';

const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const users = number('BENCH_USERS', 100_000);
const activities = number('BENCH_ACTIVITIES', 15_000_000);
const JWT_SECRET = 'bench-full-size-jwt-secret-0123456789abcdef0123456789';

const figures: Array<[string, string]> = [];
const record = (what: string, value: string) => {
  figures.push([what, value]);
  console.info(`[bench] ${what}: ${value}`);
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const timed = async <T>(run: () => Promise<T> | T): Promise<[T, number]> => {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
};

/** An npm script of the checkout, as an operator runs it; fails the benchmark when it fails. */
const npmRun = (args: string[], env: Record<string, string>) => {
  const result = spawnSync('npm', ['run', '--silent', ...args], { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm run ${args.join(' ')} failed: ${result.stderr}${result.stdout}`);
  return result.stdout;
};

/** Streams one CSV export, sampling the server's memory meanwhile: time, bytes, lines, peak RSS. */
const exportCsv = async (base: string, path: string, token: string, pid: number) => {
  let peak = memoryOf(pid).rssMb;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(pid).rssMb)), 50);
  const started = performance.now();
  const response = await fetch(`${base}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  clearInterval(sampler);
  return { ms: performance.now() - started, bytes, lines, peakMb: peak };
};

const main = async () => {
  console.info(
    `[bench] load average at the start: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  const scratch = startScratchPostgres(number('BENCH_PG_PORT', 55872));
  const dataDir = mkdtempSync(join(tmpdir(), 'wc-full-size-'));
  const archive = join(dataDir, 'full.wcb.gz');
  try {
    const database = await openPostgres(scratch.url, 10);
    const [, migrateEmptyMs] = await timed(() => database.migrate());
    record('migrations, empty database', seconds(migrateEmptyMs));
    const now = systemClock.now();
    const [seeded, seedMs] = await timed(() =>
      seedCompetitionYear(database.db, { users, activities, today: toIsoDay(now), year: currentCompetitionYear(now) }),
    );
    record(
      'seed (INSERT ... SELECT generate_series)',
      `${seeded.activities.toLocaleString('en-US')} activities, ${seeded.steps.toLocaleString('en-US')} step days, ${seeded.events.toLocaleString('en-US')} events in ${seconds(seedMs)}`,
    );
    const [, scoreMs] = await timed(() => rebuildScores(database.db, 2000, 2100));
    record('score tables from the seed (rebuild_scores)', seconds(scoreMs));
    await database.db.execute(sql`vacuum analyze`);
    const [size] = (
      (await database.db.execute(sql`select pg_database_size(current_database())::bigint as bytes`)) as unknown as {
        rows: Array<{ bytes: string }>;
      }
    ).rows;
    record('database size', `${(Number(size!.bytes) / 1024 ** 3).toFixed(2)} GiB`);
    const config = testConfig({ jwtSecret: JWT_SECRET, logLevel: 'silent' });
    const adminToken = await signedInToken(database.db, config, { id: seeded.adminId, role: 'admin' }, now, 3600);
    await database.close();

    const env = { DATABASE_URL: scratch.url, DATA_DIR: dataDir, JWT_SECRET };
    const [, rebuildMs] = await timed(() => npmRun(['scores:rebuild'], env));
    record('`npm run scores:rebuild`', seconds(rebuildMs));
    const [, migrateFullMs] = await timed(() => npmRun(['db:migrate'], env));
    record('`npm run db:migrate`, full database, nothing new', seconds(migrateFullMs));

    const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
    const port = await freePort();
    const server = startServer({ ...env, PORT: String(port) });
    try {
      const readyMs = await waitReady(server);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      record('`npm start` ready on the full database', `${readyMs} ms, idle RSS ${memoryOf(server.child.pid!).rssMb} MB`);
      for (const path of ['/users/export.csv', '/leaders/export.csv']) {
        const csv = await exportCsv(server.base, path, adminToken, server.child.pid!);
        record(
          `GET /api${path}`,
          `${(csv.lines - 1).toLocaleString('en-US')} rows, ${(csv.bytes / 1024 ** 2).toFixed(1)} MB in ${seconds(csv.ms)}, server peak RSS ${csv.peakMb} MB`,
        );
      }
    } finally {
      await stopServer(server);
    }

    const [, backupMs] = await timed(() => npmRun(['backup', '--', archive], env));
    record('`npm run backup`', `${seconds(backupMs)}, archive ${(statSync(archive).size / 1024 ** 2).toFixed(0)} MB`);
    const restoredUrl = scratch.url.replace(/\/bench$/, '/restored');
    const admin = await openPostgres(scratch.url, 1);
    await admin.db.execute(sql`create database restored`);
    await admin.close();
    const restoreDir = mkdtempSync(join(tmpdir(), 'wc-full-size-restore-'));
    try {
      const [, restoreMs] = await timed(() =>
        npmRun(['restore', '--', archive], { DATABASE_URL: restoredUrl, DATA_DIR: restoreDir, JWT_SECRET }),
      );
      record('`npm run restore` into an empty database', seconds(restoreMs));
    } finally {
      rmSync(restoreDir, { recursive: true, force: true });
    }
  } finally {
    scratch.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.info(
    `\n| What (${users.toLocaleString('en-US')} employees, ${activities.toLocaleString('en-US')} activities, PostgreSQL 15) | Result |\n|---|---|`,
  );
  for (const [what, value] of figures) console.info(`| ${what} | ${value} |`);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
