/**
 * Benchmark of the dashboard's month call: GET /api/user/activity for one month of an
 * employee with a full year of data among 1,000 users, against GET /api/health of the same server
 * in the same run. PGlite in memory by default; DATABASE_URL=postgres://... for PostgreSQL (the
 * database must be empty, or BENCH_RESET=1 to empty it).
 *
 *   npm run bench              BENCH_DURATION=10 BENCH_CONNECTIONS=50 BENCH_USERS=1000 BENCH_ROUNDS=3
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { signedInToken } from '../tests/support/signed-in-token';
import { testConfig } from '../server/config';
import { openPglite, openPostgres } from '../server/db/client';
import { memoryMailer } from '@/domain/mail';
import { systemClock } from '@/domain/clock';
import { measureAlternating, type LoadFigures } from './lib/load';
import { seedBenchData } from './lib/seed-year';
import { monthEndOf, toIsoDay } from '@/domain/days';

const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const connections = number('BENCH_CONNECTIONS', 50);
const duration = number('BENCH_DURATION', 10);
const users = number('BENCH_USERS', 1000);
const rounds = number('BENCH_ROUNDS', 3);


const openBenchDatabase = async () => {
  const url = process.env.DATABASE_URL;
  const database = url ? await openPostgres(url, number('BENCH_POOL', 10)) : await openPglite();
  await database.migrate();
  const result = await database.db.execute(sql`select count(*)::int as n from users`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as { n: number }[];
  if (rows[0]!.n > 0) {
    if (process.env.BENCH_RESET !== '1') throw new Error('The benchmark database is not empty; set BENCH_RESET=1 to empty it first.');
    await database.db.execute(sql`truncate users, activities, daily_step_achievements, event_participations, score_months, score_years restart identity cascade`);
  }
  return database;
};

const row = (figures: LoadFigures) =>
  `${figures.label.padEnd(28)} ${String(figures.requestsPerSecond).padStart(7)} req/s   p50 ${String(figures.p50).padStart(3)} ms   p99 ${String(figures.p99).padStart(3)} ms   non-2xx ${figures.non2xx}   errors ${figures.errors}`;

const main = async () => {
  const database = await openBenchDatabase();
  const today = toIsoDay(systemClock.now());
  const seedStart = Date.now();
  const seeded = await seedBenchData(database.db, { users, today });
  console.info(`[bench] ${database.kind}: seeded ${users} users, ${seeded.activities} activities (${seeded.employeeActivities} for the employee) in ${Date.now() - seedStart} ms`);

  const config = testConfig({ logLevel: 'silent' });
  const app = await buildApp({ db: database.db, clock: systemClock, config, mailer: memoryMailer(), ping: database.ping });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const token = await signedInToken(database.db, config, { id: seeded.employeeId, role: 'user' }, systemClock.now(), 3600);
  const headers = { authorization: `Bearer ${token}` };
  // Fifty employees (the others have an activity every third day), one per connection.
  const employeeIds = Array.from({ length: 50 }, (_, index) => seeded.employeeId + ((index * 19) % users));
  const employees = await Promise.all(employeeIds.map(async (id) => ({ authorization: `Bearer ${await signedInToken(database.db, config, { id, role: 'user' }, systemClock.now(), 3600)}` })));
  const monthStart = `${today.slice(0, 7)}-01`;
  const lastDay = monthEndOf(today);
  const monthUrl = `${address}/api/user/activity?startDate=${monthStart}&endDate=${lastDay}`;

  const probe = await fetch(monthUrl, { headers });
  const body = (await probe.json()) as { activities: unknown[]; movingAnalytics: unknown };
  if (probe.status !== 200) throw new Error(`month call answered ${probe.status}: ${JSON.stringify(body)}`);
  console.info(`[bench] month ${monthStart}..${lastDay}: ${body.activities.length} activities, totals ${JSON.stringify(body.movingAnalytics)}`);

  // The floor of any database-backed route: one `select 1` round trip (GET /api/ready).
  const figures = await measureAlternating(
    [
      { label: 'GET /api/health', url: `${address}/api/health` },
      { label: 'GET /api/ready (select 1)', url: `${address}/api/ready` },
      { label: 'GET /api/user/activity (month)', url: monthUrl, headers },
      { label: '  (50 employees)', url: monthUrl, headersPerConnection: employees },
    ],
    { connections, duration, rounds },
  );
  const [health, ready, month, monthOfMany] = figures as [LoadFigures, LoadFigures, LoadFigures, LoadFigures];

  console.info(`\n[bench] ${database.kind}, ${connections} connections, ${duration} s each, median of ${rounds} alternating rounds`);
  console.info(row(health));
  console.info(row(ready));
  console.info(row(month));
  console.info(row(monthOfMany));
  const share = (figures: LoadFigures) => `${((figures.requestsPerSecond / health.requestsPerSecond) * 100).toFixed(1)} %`;
  console.info(`month / health throughput: ${share(month)}, from 50 employees ${share(monthOfMany)}   (target >= 25 % on PostgreSQL, month p99 < 50 ms)`);
  console.info(`select-1 floor / health: ${((ready.requestsPerSecond / health.requestsPerSecond) * 100).toFixed(1)} %; month / floor: ${((month.requestsPerSecond / ready.requestsPerSecond) * 100).toFixed(1)} %`);

  await app.close();
  await database.close();
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
