import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { systemClock } from '@/domain/clock';
import { memoryMailer } from '@/domain/mail';
import { buildApp } from '../../server/app';
import { signAccessToken } from '../../server/http/access-token';
import { testConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { rebuildScores } from '../../server/modules/scoring/repo';
import { seedBenchData } from '../lib/seed-year';

/**
 * The server side of bench/writes.ts, in its own process so the load generator never shares its
 * event loop: opens the database as the server does (PGlite in a data folder, or DATABASE_URL),
 * seeds 1,000 employees and one with a full year, builds the score tables, listens, reports.
 */
/** Milliseconds of CPU used so far by the server process and by each of its PostgreSQL backends (by pid). */
export type CpuSoFar = { kind: 'cpu'; node: number; postgres: Record<number, number> };

export type WritesReady = { kind: 'ready'; address: string; database: string; activities: number; employeeId: number; fullYearToken: string; tokens: string[] };

const main = async () => {
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = url ? undefined : mkdtempSync(join(tmpdir(), 'bench-writes-'));
  const database = await openDatabase({ databaseUrl: url, dataDir });
  await database.migrate();
  await database.db.execute(sql`truncate users restart identity cascade`);
  const now = systemClock.now();
  const seeded = await seedBenchData(database.db, { users: Number(process.env.BENCH_USERS ?? 1000), today: now.toISOString().slice(0, 10) });
  await rebuildScores(database.db, 2000, 2100);
  await database.db.execute(sql`vacuum analyze`);

  const config = testConfig({ logLevel: 'silent' });
  const app = await buildApp({ db: database.db, clock: systemClock, config, mailer: memoryMailer(), ping: database.ping });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const token = (id: number) => signAccessToken({ id, role: 'user' }, config.jwtSecret, now, 3600);
  // Load spreads over 50 employees (the full-year one among them), as 50 people would.
  const tokens = await Promise.all(Array.from({ length: 50 }, (_, index) => token(seeded.employeeId + index)));
  const ready: WritesReady = { kind: 'ready', address, database: database.kind, activities: seeded.activities, employeeId: seeded.employeeId, fullYearToken: tokens[0]!, tokens };
  process.send?.(ready);
  // CPU time so far of this process and of the PostgreSQL backends serving it (from /proc: the
  // cluster runs on this machine), so the bench can report CPU per write beside wall-clock time.
  const cpu = async (): Promise<CpuSoFar> => {
    const own = process.cpuUsage();
    const postgres: Record<number, number> = {};
    if (database.kind === 'postgres') {
      const pids = rowsOf<{ pid: number }>(await database.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`));
      for (const { pid } of pids) {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        postgres[pid] = (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms: utime + stime
      }
    }
    return { kind: 'cpu', node: (own.user + own.system) / 1000, postgres };
  };
  process.on('message', async (message) => {
    if (message === 'cpu') process.send?.(await cpu());
    if (message !== 'stop') return;
    await app.close();
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
