/**
 * Start-up time and idle memory of the production server, started as users start
 * it (`node scripts/start.mjs`: the built bundle, no TypeScript compiler at run time). Each round:
 *   PGlite: a new DATA_DIR (first start: initdb + migrations), then a restart on it (existing database);
 *   PostgreSQL: a new database on a scratch PostgreSQL 15 (first start), then a restart on it.
 * Ready = spawn to the first 200 from /api/ready. Idle RSS = VmRSS of the server process itself
 * (start.mjs runs the server in its own process; npm's process is not counted), read 3 s after a few
 * requests. CPU ms = CPU time the server process used until ready (all its threads; the initdb child
 * not included): on this shared machine wall-clock times follow the load, CPU time much less.
 * Prints the median of the rounds beside each target.
 *
 *   npx tsx bench/server-runtime.ts     BENCH_ROUNDS=5 BENCH_PG_PORT=55445 BENCH_TARGETS=pglite,postgres
 *   BENCH_SERVER_COMMAND="node --import tsx server/index.ts" BENCH_SERVER_CWD=/old/checkout   (compare)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startScratchPostgres } from './competition/postgres';
import { cpuMsOf, freePort, memoryOf, startServer, stopServer, waitReady } from './lib/server-process';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const targets = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
const pgPort = Number(process.env.BENCH_PG_PORT ?? 55445);
const settleMs = Number(process.env.BENCH_SETTLE_MS ?? 3000);
const command = process.env.BENCH_SERVER_COMMAND?.split(' ');
const cwd = process.env.BENCH_SERVER_CWD;

type Sample = { readyMs: number; cpuMs: number; rssMb: number; peakMb: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One start: time to ready, then idle memory after a few requests. */
const measureStart = async (env: Record<string, string>): Promise<Sample> => {
  const port = await freePort();
  const server = startServer({ PORT: String(port), JWT_SECRET: 'bench-runtime-secret-long-enough-for-hs256', ...env }, command ?? undefined);
  try {
    const readyMs = await waitReady(server);
    const cpuMs = cpuMsOf(server.child.pid!);
    for (const path of ['/api/health', '/api/ready', '/api/health']) await fetch(server.base + path).then((response) => response.arrayBuffer());
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    return { readyMs, cpuMs, ...memoryOf(server.child.pid!) };
  } finally {
    await stopServer(server);
  }
};

type Row = { label: string; samples: Sample[]; target: { readyMs?: number; rssMb?: number } };

const pgliteRound = async (rows: Row[]) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wc-runtime-'));
  try {
    const env = { DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-spa') };
    rows[0]!.samples.push(await measureStart(env));
    rows[1]!.samples.push(await measureStart(env));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const postgresRound = async (rows: Row[], adminUrl: string, round: number) => {
  const name = `runtime_${round}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dataDir = mkdtempSync(join(tmpdir(), 'wc-runtime-pg-'));
  try {
    const env = { DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-spa'), DATABASE_URL: adminUrl.replace(/\/[^/]*$/, `/${name}`) };
    rows[2]!.samples.push(await measureStart(env));
    rows[3]!.samples.push(await measureStart(env));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const main = async () => {
  if (cwd) process.chdir(cwd);
  else {
    // Build once up front (start.mjs rebuilds only what is stale), so no round times a build.
    const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  const rows: Row[] = [
    { label: 'PGlite, first start (new DATA_DIR)', samples: [], target: { rssMb: 400 } },
    { label: 'PGlite, existing database', samples: [], target: { readyMs: 2000, rssMb: 350 } },
    { label: 'PostgreSQL 15, first start (new database)', samples: [], target: {} },
    { label: 'PostgreSQL 15, existing database', samples: [], target: { readyMs: 2000, rssMb: 150 } },
  ];
  const load = loadavg().map((value) => value.toFixed(2)).join(' ');
  const postgres = targets.includes('postgres') ? startScratchPostgres(pgPort) : null;
  try {
    for (let round = 0; round < rounds; round += 1) {
      if (targets.includes('pglite')) await pgliteRound(rows);
      if (postgres) await postgresRound(rows, postgres.url, round);
      console.info(`round ${round + 1}/${rounds} done`);
    }
  } finally {
    postgres?.stop();
  }
  const verdict = (value: number, limit?: number) => (limit === undefined ? '' : value <= limit ? ' (met)' : ' (MISSED)');
  console.info(`\nServer runtime, median of ${rounds} rounds; load average at start ${load}; after ${settleMs / 1000} s idle`);
  console.info('| case | ready ms | target | CPU ms to ready | idle RSS MB | target | peak RSS MB |');
  console.info('|---|---|---|---|---|---|---|');
  for (const row of rows) {
    if (!row.samples.length) continue;
    const ready = median(row.samples.map((sample) => sample.readyMs));
    const rss = median(row.samples.map((sample) => sample.rssMb));
    const peak = median(row.samples.map((sample) => sample.peakMb));
    const cpu = median(row.samples.map((sample) => sample.cpuMs));
    console.info(
      `| ${row.label} | ${ready} | ${row.target.readyMs ? `<= ${row.target.readyMs}${verdict(ready, row.target.readyMs)}` : '-'} | ${cpu} | ${rss} | ${row.target.rssMb ? `<= ${row.target.rssMb}${verdict(rss, row.target.rssMb)}` : '-'} | ${peak} |`,
    );
    const all = (key: keyof Sample) => row.samples.map((sample) => sample[key]).join(', ');
    console.info(`|   all rounds | ${all('readyMs')} | | ${all('cpuMs')} | ${all('rssMb')} | | ${all('peakMb')} |`);
  }
};

await main();
