/**
 * Writes and mixed load, each figure printed beside its target:
 * - serial writes: an employee with a full year (730 activities, steps, events) logs one activity
 *   and deletes it again, one call at a time over HTTP: p50/p99 of each (target p50 <= 3 ms on
 *   PostgreSQL) and the CPU each write costs Node and PostgreSQL (target PostgreSQL <= 1.0 ms);
 * - mixed load: 50 connections, 80 % reads (month, top leaders, feed) and 20 % writes (log and
 *   delete activities) over 50 employees: throughput, p50, p99 and errors (target p99 <= 100 ms on
 *   PostgreSQL, <= 500 ms on PGlite, no errors).
 * The server runs in its own process on the database as `npm start` opens it (PGlite in a data
 * folder, or PostgreSQL 15 on a scratch cluster on 127.0.0.1:BENCH_PG_PORT); 1,000 employees seeded
 * (BENCH_USERS), each with an activity every 3 days (BENCH_EVERY_DAYS; 2,000 and 2.43: 300,000 activities).
 *
 *   npm run bench:writes     BENCH_TARGETS=postgres,pglite BENCH_ROUNDS=3 BENCH_SECONDS=10 BENCH_WARMUP=3
 *                            BENCH_CONNECTIONS=50 BENCH_PAIRS=300 BENCH_PG_PORT=55446
 *                            BENCH_PG_STATEMENTS=1 (PostgreSQL: the serial writes' statements by time, from pg_stat_statements)
 *   DATABASE_URL=postgres://...   uses that (emptied!) database instead of a scratch cluster; with BENCH_KEEP=1 it writes to the
 *                                 company bench/competition.ts kept there (BENCH_REUSE=1), e.g. the load model's full size, unchanged
 */
import { loadavg } from 'node:os';
import { startForkedServer, stopForkedServer } from './lib/forked-server';
import type { ChildProcess } from 'node:child_process';
import { startScratchPostgres } from './competition/postgres';
import { httpClient, median } from './writes/http-client';
import { statementProfile } from './lib/statement-profile';
import { SERIAL_WARM_UP, mixedLoad, serialWrites, type MixedLoad, type SerialWrites } from './writes/scenarios';
import type { CpuSoFar, WritesReady } from './writes/serve';

const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const rounds = number('BENCH_ROUNDS', 3);
const seconds = number('BENCH_SECONDS', 10);
const connections = number('BENCH_CONNECTIONS', 50);
const pairs = number('BENCH_PAIRS', 300);
const warmUpSeconds = number('BENCH_WARMUP', 3);
const targets = (process.env.BENCH_TARGETS ?? 'postgres,pglite').split(',') as Array<'pglite' | 'postgres'>;

const startServer = (env: Record<string, string>) => startForkedServer<WritesReady>(new URL('./writes/serve.ts', import.meta.url), env);
const stopServer = stopForkedServer;

const cpuSoFar = (child: ChildProcess) =>
  new Promise<CpuSoFar>((resolve) => {
    const listen = (message: unknown) => {
      if ((message as CpuSoFar).kind !== 'cpu') return;
      child.off('message', listen);
      resolve(message as CpuSoFar);
    };
    child.on('message', listen);
    child.send('cpu');
  });

type Result = { target: string; serial: SerialWrites[]; mixed: MixedLoad[]; cpuPerWrite: Array<{ node: number; postgres: number }> };

const runTarget = async (target: 'pglite' | 'postgres'): Promise<Result> => {
  const scratch = target === 'postgres' && !process.env.DATABASE_URL ? startScratchPostgres(number('BENCH_PG_PORT', 55446)) : null;
  const databaseUrl = target === 'postgres' ? (process.env.DATABASE_URL ?? scratch!.url) : undefined;
  try {
    console.info(`[bench] ${target}: seeding...`);
    const { child, ready } = await startServer(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {});
    console.info(`[bench] ${target}: ${ready.activities.toLocaleString('en-US')} activities, server on ${ready.address}`);
    const client = httpClient(ready.address, connections);
    const result: Result = { target, serial: [], mixed: [], cpuPerWrite: [] };
    const statements = databaseUrl ? statementProfile(databaseUrl) : null;
    try {
      // Alternating rounds: a burst of other work on the shared cores hits one round, not one figure.
      for (let round = 0; round < rounds; round += 1) {
        statements?.reset();
        const before = await cpuSoFar(child);
        const serial = await serialWrites(client, ready.fullYearToken, pairs);
        const after = await cpuSoFar(child);
        // Per write (a log or a delete), warm-up pairs included: CPU is counted over the whole phase.
        const writes = 2 * (pairs + SERIAL_WARM_UP);
        statements?.print(writes, 'serial write');
        // Backends come and go with the pool: count each one's growth (a new one from zero).
        const postgres = Object.entries(after.postgres).reduce((sum, [pid, ms]) => sum + ms - (before.postgres[Number(pid)] ?? 0), 0);
        result.cpuPerWrite.push({ node: (after.node - before.node) / writes, postgres: postgres / writes });
        result.serial.push(serial);
        const mixed = await mixedLoad(client, ready.tokens, { connections, seconds, warmUpSeconds });
        result.mixed.push(mixed);
        console.info(
          `[bench] ${target} round ${round + 1}: log p50 ${serial.log.p50.toFixed(2)} ms, delete p50 ${serial.remove.p50.toFixed(2)} ms; ` +
            `mixed ${mixed.perSecond} req/s, p50 ${mixed.p50.toFixed(1)} ms, p99 ${mixed.p99.toFixed(1)} ms (reads ${mixed.readP99.toFixed(1)}, writes ${mixed.writeP99.toFixed(1)}), errors ${mixed.errors}; load ${loadavg()[0]!.toFixed(2)}`,
        );
      }
    } finally {
      client.close();
      await stopServer(child);
    }
    return result;
  } finally {
    scratch?.stop();
  }
};

const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

const report = (results: Result[]) => {
  console.info(`\n[bench] writes: ${pairs} serial log+delete pairs per round; mixed: ${connections} connections, ${seconds} s per round after ${warmUpSeconds} s unrecorded; median of ${rounds} rounds; load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  console.info('| database | figure | measured | target | |');
  console.info('|---|---|---|---|---|');
  for (const { target, serial, mixed, cpuPerWrite } of results) {
    const logP50 = median(serial.map((run) => run.log.p50));
    const removeP50 = median(serial.map((run) => run.remove.p50));
    const pg = target === 'postgres';
    console.info(`| ${target} | log one activity, p50 (p99) | ${ms(logP50)} (${ms(median(serial.map((run) => run.log.p99)))}) | ${pg ? 'p50 <= 3 ms' : '-'} | ${pg ? verdict(logP50 <= 3) : ''} |`);
    console.info(`| ${target} | delete one activity, p50 (p99) | ${ms(removeP50)} (${ms(median(serial.map((run) => run.remove.p99)))}) | ${pg ? 'p50 <= 3 ms' : '-'} | ${pg ? verdict(removeP50 <= 3) : ''} |`);
    const postgresCpu = median(cpuPerWrite.map((run) => run.postgres));
    const cpu = `node ${ms(median(cpuPerWrite.map((run) => run.node)))}${pg ? ` + PostgreSQL ${ms(postgresCpu)}` : ''}`;
    console.info(`| ${target} | CPU per serial write (log or delete) | ${cpu} | ${pg ? 'PostgreSQL <= 1.0 ms' : '-'} | ${pg ? verdict(postgresCpu <= 1) : ''} |`);
    const p99 = median(mixed.map((run) => run.p99));
    const errors = mixed.reduce((sum, run) => sum + run.errors, 0);
    const limit = pg ? 100 : 500;
    console.info(`| ${target} | mixed load: throughput | ${median(mixed.map((run) => run.perSecond))} req/s | - | |`);
    console.info(`| ${target} | mixed load: p50 | ${ms(median(mixed.map((run) => run.p50)))} | - | |`);
    console.info(`| ${target} | mixed load: p99 | ${ms(p99)} | <= ${limit} ms | ${verdict(p99 <= limit)} |`);
    console.info(`| ${target} | mixed load: errors (all rounds) | ${errors} of ${mixed.reduce((sum, run) => sum + run.requests, 0)} | 0 | ${verdict(errors === 0)} |`);
  }
};

const results: Result[] = [];
for (const target of targets) results.push(await runTarget(target));
report(results);
