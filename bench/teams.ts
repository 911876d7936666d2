import { sql } from 'drizzle-orm';
import { openPostgres } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { testConfig } from '../server/config';
import { teamsService } from '../server/modules/teams/service';
import { startScratchPostgres } from './competition/postgres';
import { TEAMS_PAGE_SIZE } from '@/contract/teams';
import { startForkedServer, stopForkedServer } from './lib/forked-server';
import { measureAlternating, type LoadCall } from './lib/load';

/**
 * The team reads at the load model's size (docs/load-model.md): 100,000 employees in 1,000 teams,
 * about 1,000,000 activities in one competition year, 80 % in their team all year, 10 % joined in
 * June, 10 % moved in September (their split months read scored days). First the service on
 * PostgreSQL directly (no HTTP): one call at a time, then 50 at once (what 50 connections ask in
 * one event-loop turn); then the API over HTTP against /api/health. `BENCH_PG_PORT` (default
 * 55480), `BENCH_CALLS` (default 30), `BENCH_DURATION` and `BENCH_ROUNDS` of the HTTP rounds.
 *   nice -n 10 npx tsx bench/teams.ts
 */
const NOW = new Date('2026-11-22T10:00:00Z');
const EMPLOYEES = 100_000;
const TEAMS = 1_000;
const port = Number(process.env.BENCH_PG_PORT ?? 55480);
const calls = Number(process.env.BENCH_CALLS ?? 30);

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

const timeEach = async (label: string, call: () => Promise<unknown>) => {
  const times: number[] = [];
  for (let index = 0; index < calls; index += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  console.info(`${label}: one at a time p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}`);
};

const timeConcurrent = async (label: string, call: () => Promise<unknown>) => {
  const latencies: number[] = [];
  const started = performance.now();
  for (let round = 0; round < 10; round += 1) {
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        const begin = performance.now();
        await call();
        latencies.push(performance.now() - begin);
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  console.info(`${label}: 50 at once ${Math.round(latencies.length / seconds)} calls/s, p99 ${ms(percentile(latencies, 99))}`);
};

/**
 * The load model's figure (>= 25 % of /api/health, p99 < 50 ms): the API in its own process,
 * autocannon with 50 connections, alternating rounds with /api/health (bench/lib/load.ts). The
 * team page is one team's (it does not depend on who asks); the leaderboard is asked by one
 * employee, and by 50 employees of 50 teams (one per connection).
 */
const measureOverHttp = async (databaseUrl: string) => {
  const fifty = Array.from({ length: 50 }, (_, index) => 1 + ((index * 1_999) % EMPLOYEES));
  const { child, ready } = await startForkedServer<{ address: string; tokens: string[] }>(new URL('./teams/serve.ts', import.meta.url), {
    BENCH_DATABASE_URL: databaseUrl,
    BENCH_NOW: NOW.toISOString(),
    BENCH_EMPLOYEES: [4242, ...fifty].join(','),
  });
  try {
    const [one, ...others] = ready.tokens.map((token) => ({ authorization: `Bearer ${token}` }));
    const calls: LoadCall[] = [
      { label: 'GET /api/health', url: `${ready.address}/api/health` },
      { label: 'GET /api/teams (first page), one employee', url: `${ready.address}/api/teams`, headers: one },
      { label: 'GET /api/teams (first page), 50 employees of 50 teams', url: `${ready.address}/api/teams`, headersPerConnection: others },
      { label: 'GET /api/teams/43 (100 members)', url: `${ready.address}/api/teams/43`, headers: one },
    ];
    for (const call of calls) {
      const probe = await fetch(call.url, { headers: call.headers ?? call.headersPerConnection?.[0] });
      if (probe.status !== 200) throw new Error(`${call.label} answered ${probe.status}: ${await probe.text()}`);
    }
    const figures = await measureAlternating(calls, { connections: 50, duration: Number(process.env.BENCH_DURATION ?? 5), rounds: Number(process.env.BENCH_ROUNDS ?? 3) });
    const health = figures[0]!.requestsPerSecond;
    console.info('| call | req/s | p99 ms | vs health |');
    console.info('|---|---|---|---|');
    for (const figure of figures) {
      console.info(`| ${figure.label} | ${figure.requestsPerSecond} | ${figure.p99} | ${Math.round((figure.requestsPerSecond / health) * 100)} % |${figure.non2xx || figure.errors ? ` non-2xx ${figure.non2xx}, errors ${figure.errors}` : ''}`);
    }
  } finally {
    await stopForkedServer(child);
  }
};

const main = async () => {
  const pg = startScratchPostgres(port);
  const database = await openPostgres(pg.url, 10);
  try {
    await database.migrate();
    const { db } = database;
    const seedStarted = performance.now();
    await db.execute(sql`insert into users (email, password_hash, first_name, last_name, gender, level_of_competition)
      select 'bench' || g || '@example.com', 'x', 'First' || g, 'Last' || g, 'other', (array['Beginner','Intermediate','Advanced','Elite'])[1 + g % 4]
        from generate_series(1, ${EMPLOYEES}::int) g`);
    await db.execute(sql`insert into teams (name) select 'Team ' || g from generate_series(1, ${TEAMS}::int) g`);
    await db.execute(sql`insert into team_memberships (user_id, team_id, starts_on, ends_on)
      select u.id, 1 + u.id % ${TEAMS}::int,
             case when u.id % 10 = 8 then date '2026-06-10' else date '2026-04-01' end,
             case when u.id % 10 = 9 then date '2026-09-15' end
        from users u`);
    await db.execute(sql`insert into team_memberships (user_id, team_id, starts_on) select u.id, 1 + (u.id + 1) % ${TEAMS}::int, date '2026-09-15' from users u where u.id % 10 = 9`);
    // The activities after the memberships: the membership triggers then find nothing to move, and the rebuild computes every score row once.
    await db.execute(sql`insert into activities (user_id, name, moving_time, start_at, start_date)
      select u.id, 'Walking', 20 + u.id % 40, d + time '12:00', d::date
        from users u, generate_series(date '2026-04-01' + (u.id % 23), date '2026-11-22', interval '23 days') d`);
    const rebuildStarted = performance.now();
    await db.execute(sql`select rebuild_scores(2026, 2026)`);
    console.info(`rebuild_scores(2026, 2026) (score_months, score_years, insight_months, team_months) in ${Math.round((performance.now() - rebuildStarted) / 1000)} s`);
    // As autovacuum leaves settled tables: index-only scans read the visibility map. team_months is
    // compacted too: each of the 110,000 membership inserts above updated its team's year row once
    // in a single transaction, which a running system's autovacuum never lets pile up.
    await db.execute(sql`vacuum full team_months`);
    await db.execute(sql`vacuum analyze`);
    const [counts] = rowsOf<{ activities: number; memberships: number }>(await db.execute(sql`select (select count(*) from activities)::int as activities, (select count(*) from team_memberships)::int as memberships`));
    console.info(`seeded in ${Math.round((performance.now() - seedStarted) / 1000)} s: ${counts!.activities} activities, ${counts!.memberships} memberships`);

    const service = teamsService({ db, clock: { now: () => NOW }, config: testConfig() });
    const employee = { id: 4242, role: 'user' as const, sid: 'bench' }; // the service, not the HTTP check of the sign-in
    const firstPage = { offset: 0, limit: TEAMS_PAGE_SIZE };
    await service.leaderboard(employee, undefined, firstPage); // warm
    await timeEach('GET /teams (a page of the 1,000 teams)', () => service.leaderboard(employee, undefined, firstPage));
    // 50 different employees (their places in 50 teams), as 50 people would ask.
    const anyone = () => ({ ...employee, id: 1 + Math.floor(Math.random() * EMPLOYEES) });
    await timeConcurrent('GET /teams (a page of the 1,000 teams)', () => service.leaderboard(anyone(), undefined, firstPage));
    await timeEach('GET /teams/:id (100 members)', () => service.page(43, undefined));
    await timeConcurrent('GET /teams/:id (100 members)', () => service.page(1 + Math.floor(Math.random() * TEAMS), undefined));
    await timeEach('GET /team-admin/participation (100,000 memberships)', () => service.participation(undefined, undefined));
    await measureOverHttp(pg.url);
  } finally {
    await database.close();
    pg.stop();
  }
};

await main();
