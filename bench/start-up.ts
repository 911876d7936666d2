/**
 * `npm start` on an existing embedded database, measured the way an operator meets it: the real
 * command (npm, the build check of scripts/start.mjs, the built server), three starts in a row on
 * one DATA_DIR holding a small company (2,000 employees and a competition year of 300,000
 * activities by default). Per start: ready (spawn to the first 200 from /api/ready), the server
 * process's CPU time until then, the phases the server logs when it listens, and the idle RSS 3 s
 * after a few requests.
 *
 *   npx tsx bench/start-up.ts     BENCH_USERS=2000 BENCH_ACTIVITIES=300000 BENCH_STARTS=3 BENCH_SETTLE_MS=3000
 *                                 BENCH_DATA_DIR=<folder> (kept, and reused when it already holds a database)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite } from '../server/db/client';
import { rebuildScores } from '../server/modules/scoring/repo';
import { currentCompetitionYear } from '@/domain/competition';
import { toIsoDay } from '@/domain/days';
import { seedCompetitionYear } from './competition/seed';
import { cpuMsOf, freePort, memoryOf, startServer, stopServer, waitReady } from './lib/server-process';

const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const users = number('BENCH_USERS', 2000);
const activities = number('BENCH_ACTIVITIES', 300_000);
const starts = number('BENCH_STARTS', 3);
const settleMs = number('BENCH_SETTLE_MS', 3000);
const READY_TARGET_MS = 2000;
const RSS_TARGET_MB = 350;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A PGlite data folder with the company in it, built in this process (the server never seeds). */
const seedDataDir = async (dataDir: string) => {
  const began = performance.now();
  const database = await openPglite(join(dataDir, 'db'));
  await database.migrate();
  const now = new Date();
  const seeded = await seedCompetitionYear(database.db, { users, activities, today: toIsoDay(now), year: currentCompetitionYear(now) });
  await rebuildScores(database.db, 2000, 2100);
  await database.db.execute(sql`vacuum analyze`);
  await database.close();
  console.info(`seeded ${seeded.users.toLocaleString('en-US')} employees, ${seeded.activities.toLocaleString('en-US')} activities, ${seeded.steps.toLocaleString('en-US')} step days, ${seeded.events.toLocaleString('en-US')} events in ${((performance.now() - began) / 1000).toFixed(1)} s`);
};

/** The server's own process: npm runs `sh -c "exec node scripts/start.mjs"`, so npm's child is the server. */
const serverPid = (npmPid: number) => {
  const children = readFileSync(`/proc/${npmPid}/task/${npmPid}/children`, 'utf8').trim().split(/\s+/).map(Number);
  if (children.length !== 1 || !children[0]) throw new Error(`expected one child of npm, found ${children.join(', ') || 'none'}`);
  return children[0];
};

/** The phases of the server's start-up log line ('listening N ms after the process started'). */
const phasesOf = (output: string) => {
  const line = output.split('\n').find((text) => text.includes('"startup"'));
  return line ? (JSON.parse(line) as { startup: Record<string, number> }).startup : {};
};

type Sample = { readyMs: number; cpuMs: number; rssMb: number; phases: Record<string, number> };

const measureStart = async (dataDir: string): Promise<Sample> => {
  const port = await freePort();
  // SKIP_BUILD=0: the build check runs as in `npm start` (nothing is stale: the build ran first).
  const server = startServer({ PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-spa'), SKIP_BUILD: '0', LOG_LEVEL: 'info', SIGNUP_MODE: 'open' }, ['npm', 'start', '--silent']);
  let pid: number | undefined;
  try {
    const readyMs = await waitReady(server);
    pid = serverPid(server.child.pid!);
    const cpuMs = cpuMsOf(pid);
    for (const path of ['/api/health', '/api/ready', '/api/health']) await fetch(server.base + path).then((response) => response.arrayBuffer());
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    return { readyMs, cpuMs, rssMb: memoryOf(pid).rssMb, phases: phasesOf(server.output()) };
  } finally {
    await stopServer(server);
    // npm may exit before the server has closed the database and released DATA_DIR's lock.
    for (let waited = 0; pid && existsSync(`/proc/${pid}`) && waited < 15_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const main = async () => {
  const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'wc-start-up-'));
  try {
    if (!existsSync(join(dataDir, 'db', 'PG_VERSION'))) await seedDataDir(dataDir);
    // Built up front (start.mjs rebuilds only what is stale), so no measured start includes a build.
    const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
    const first = await measureStart(dataDir); // the job engine's tables are created on the first start
    console.info(`first start on this folder (not counted): ready ${first.readyMs} ms`);
    const load = loadavg().map((value) => value.toFixed(2)).join(' ');
    const samples: Sample[] = [];
    for (let index = 0; index < starts; index += 1) samples.push(await measureStart(dataDir));

    console.info(`\n\`npm start\` on an existing PGlite database (${users.toLocaleString('en-US')} employees, ${activities.toLocaleString('en-US')} activities); load average before the starts ${load}`);
    const phaseNames = [...new Set(samples.flatMap((sample) => Object.keys(sample.phases)))];
    console.info(`| start | ready ms | CPU ms to ready | idle RSS MB | ${phaseNames.map((name) => `${name} (ms)`).join(' | ')} |`);
    console.info(`|---|---|---|---|${phaseNames.map(() => '---|').join('')}`);
    samples.forEach((sample, index) => console.info(`| ${index + 1} | ${sample.readyMs} | ${sample.cpuMs} | ${sample.rssMb} | ${phaseNames.map((name) => sample.phases[name] ?? '-').join(' | ')} |`));
    const ready = median(samples.map((sample) => sample.readyMs));
    const rss = median(samples.map((sample) => sample.rssMb));
    const verdict = (value: number, limit: number) => (value <= limit ? 'met' : 'MISSED');
    console.info(`median ready ${ready} ms (target <= ${READY_TARGET_MS}: ${verdict(ready, READY_TARGET_MS)}), idle RSS ${rss} MB (target <= ${RSS_TARGET_MB}: ${verdict(rss, RSS_TARGET_MB)})`);
  } finally {
    if (!process.env.BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
