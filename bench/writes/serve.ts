import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { systemClock } from '@/domain/clock';
import { memoryMailer } from '@/domain/mail';
import { buildApp } from '../../server/app';
import { signedInToken } from '../../tests/support/signed-in-token';
import { testConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { rebuildScores } from '../../server/modules/scoring/repo';
import { seedBenchData } from '../lib/seed-year';

/**
 * The server side of bench/writes.ts, in its own process so the load generator never shares its
 * event loop: opens the database as the server does (PGlite in a data folder, or DATABASE_URL),
 * seeds 1,000 employees and one with a full year (in teams of BENCH_TEAM_SIZE), builds the score tables, listens, reports.
 */
/** Milliseconds of CPU used so far by the server process and by each of its PostgreSQL backends (by pid). */
export type CpuSoFar = { kind: 'cpu'; node: number; postgres: Record<number, number> };

export type WritesReady = { kind: 'ready'; address: string; database: string; activities: number; employeeId: number; fullYearToken: string; tokens: string[] };

type Company = { employeeId: number; activities: number };

/**
 * BENCH_KEEP=1 with DATABASE_URL: the company bench/competition.ts seeded and kept there
 * (BENCH_REUSE=1, table bench_seed), e.g. the load model's full size, written to as it is.
 */
const keptCompany = async (database: Awaited<ReturnType<typeof openDatabase>>): Promise<Company> => {
  const [row] = rowsOf<{ employee_id: number; activities: number }>(
    await database.db.execute(sql`select (figures->'seeded'->>'employeeId')::int as employee_id, (figures->'seeded'->>'activities')::int as activities from bench_seed limit 1`),
  );
  if (!row) throw new Error('BENCH_KEEP=1: the database holds no company kept by bench/competition.ts (bench_seed)');
  return { employeeId: row.employee_id, activities: row.activities };
};

const seedCompany = async (database: Awaited<ReturnType<typeof openDatabase>>, now: Date): Promise<Company> => {
  await database.db.execute(sql`truncate users restart identity cascade`);
  const seeded = await seedBenchData(database.db, { users: Number(process.env.BENCH_USERS ?? 1000), today: now.toISOString().slice(0, 10), everyDays: Number(process.env.BENCH_EVERY_DAYS ?? 3) });
  // Everyone in a team of BENCH_TEAM_SIZE (default 100; 0: no teams) since before the seeded year, so
  // each write also keeps team_months (server/db/functions/teams.sql). Before the rebuild: the
  // membership triggers find no score rows to move, and the rebuild fills team_months once.
  const teamSize = Number(process.env.BENCH_TEAM_SIZE ?? 100);
  if (teamSize > 0) {
    await database.db.execute(sql`insert into teams (name) select 'Team ' || g from generate_series(1, (select ceil(count(*) / ${teamSize}::float8)::int from users)) g`);
    await database.db.execute(sql`insert into team_memberships (user_id, team_id, starts_on)
      select u.id, 1 + (u.id - 1) / ${teamSize}::int, ${now.toISOString().slice(0, 10)}::date - 400 from users u`);
    // BENCH_MOVER=1: the full-year employee moved to another team today, so the month of the serial
    // writes is split and each write sums the month's shares again from its scored days.
    if (process.env.BENCH_MOVER === '1') {
      await database.db.execute(sql`update team_memberships set ends_on = ${now.toISOString().slice(0, 10)}::date where user_id = ${seeded.employeeId}`);
      await database.db.execute(sql`insert into team_memberships (user_id, team_id, starts_on) values (${seeded.employeeId}, 2, ${now.toISOString().slice(0, 10)}::date)`);
    }
  }
  await rebuildScores(database.db, 2000, 2100);
  await database.db.execute(sql`vacuum analyze`);
  return seeded;
};

const main = async () => {
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = url ? undefined : mkdtempSync(join(tmpdir(), 'bench-writes-'));
  const database = await openDatabase({ databaseUrl: url, dataDir });
  await database.migrate();
  const now = systemClock.now();
  const seeded = url && process.env.BENCH_KEEP === '1' ? await keptCompany(database) : await seedCompany(database, now);

  const config = testConfig({ logLevel: 'silent' });
  const app = await buildApp({ db: database.db, clock: systemClock, config, mailer: memoryMailer(), ping: database.ping });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const token = (id: number) => signedInToken(database.db, config, { id, role: 'user' }, now, 3600);
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
