/**
 * Benchmark of the competition reads: GET /leaders/top, GET /leaders (a middle page of
 * one level), the feed's first page, the admin searches and the insights, each next to GET /api/health in the same run, with 10,000
 * employees and a competition year of activity seeded in bulk SQL, at 100,000 and 1,000,000
 * activities, on PGlite and on PostgreSQL 15 (a scratch server on a loopback port, stopped after).
 *
 *   npx tsx bench/competition.ts     BENCH_DURATION=5 BENCH_ROUNDS=3 BENCH_CONNECTIONS=50 BENCH_SIZES=100000,1000000
 *                                    BENCH_TARGETS=pglite,postgres BENCH_PG_PORT=55871 (the scratch server's port)
 *                                    BENCH_SEARCH=0 (leave out the admin search calls) BENCH_ONLY=<regexp of labels>
 *                                    BENCH_USERS=100000 (employees; default 10,000) BENCH_BACKGROUND_WRITES=14 (paced writes per second
 *                                    running while the reads are measured: the load model's 10 logging + 4 tracker writes)
 *   DATABASE_URL=postgres://...      uses that (empty) database instead of a scratch one; with BENCH_REUSE=1 it keeps the seeded
 *                                    company for the next run of the same size (bench/competition/serve.ts)
 */
import { startForkedServer, stopForkedServer } from './lib/forked-server';
import { measureAlternating, type LoadCall, type LoadFigures } from './lib/load';
import { startScratchPostgres } from './competition/postgres';
import type { CompetitionSeed } from './competition/seed';
import { startBackgroundWrites, type BackgroundWriteFigures } from './competition/background-writes';

const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const connections = number('BENCH_CONNECTIONS', 50);
const duration = number('BENCH_DURATION', 5);
const rounds = number('BENCH_ROUNDS', 3);
const sizes = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const targets = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;

type Ready = {
  kind: 'ready';
  address: string;
  kindOfDb: string;
  seeded: CompetitionSeed;
  seedMs: number;
  scoreMs: number;
  adminToken: string;
  userToken: string;
  employeeTokens: string[];
};
type Run = { target: string; size: number; ready: Ready; figures: LoadFigures[]; writes: BackgroundWriteFigures | null };
const backgroundWrites = number('BENCH_BACKGROUND_WRITES', 0);

/** The dashboard's query: the current calendar month (UTC). */
const thisMonth = () => {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  return `startDate=${first.toISOString().slice(0, 10)}&endDate=${last.toISOString().slice(0, 10)}`;
};

const startServer = (env: Record<string, string>) => startForkedServer<Ready>(new URL('./competition/serve.ts', import.meta.url), env);
const stopServer = stopForkedServer;

/** The admin search's shapes: narrow and broad terms, every sort, deep pages, a level, leaders. */
const searchCalls = (address: string, admin: Record<string, string>): LoadCall[] => {
  const users = (label: string, query: string) => ({
    label: `GET /api/users?${label}`,
    url: `${address}/api/users?${query}&pageSize=10`,
    headers: admin,
  });
  const leaders = (label: string, query: string) => ({
    label: `GET /api/leaders?${label}`,
    url: `${address}/api/leaders?${query}&limit=10`,
    headers: admin,
  });
  return [
    users('search=first12 (111 match)', 'search=first12&currentPage=1'),
    users('search=bench (all match), page 2', 'search=bench&currentPage=2'),
    users('search=bench, page 500, email desc', 'search=bench&currentPage=500&sort=email&order=desc'),
    users('search=bench&level=Elite, page 2, firstName desc', 'search=bench&level=Elite&currentPage=2&sort=firstName&order=desc'),
    users('search=last0 (9,999 match), page 2, gender', 'search=last0&currentPage=2&sort=gender'),
    users('search=last0, page 500', 'search=last0&currentPage=500'),
    users(
      'search=first1 (1,111 match), page 50, levelOfCompetition desc',
      'search=first1&currentPage=50&sort=levelOfCompetition&order=desc',
    ),
    users('search=first1 last0&level=Advanced, page 2', 'search=first1%20last0&level=Advanced&currentPage=2'),
    leaders('search=first12', 'search=first12&offset=0'),
    leaders('search=bench, offset 5000', 'search=bench&offset=5000'),
    leaders('search=last0, offset 10', 'search=last0&offset=10'),
    leaders('search=first1&level=Intermediate, offset 10', 'search=first1&levelOfCompetition=Intermediate&offset=10'),
  ];
};

const runOnce = async (target: 'pglite' | 'postgres', size: number, databaseUrl?: string): Promise<Run> => {
  console.info(`[bench] ${target}, ${size.toLocaleString('en-US')} activities: seeding...`);
  const { child, ready } = await startServer({
    BENCH_ACTIVITIES: String(size),
    ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}),
  });
  const { address, adminToken, userToken } = ready;
  console.info(
    `[bench]   seeded ${JSON.stringify(ready.seeded)} in ${(ready.seedMs / 1000).toFixed(1)} s, score tables in ${(ready.scoreMs / 1000).toFixed(1)} s`,
  );
  const user = { authorization: `Bearer ${userToken}` };
  const admin = { authorization: `Bearer ${adminToken}` };
  const perLevel = ready.seeded.users / 4;
  // Fifty employees, one per connection: many people opening the same screen at once.
  const employees = ready.employeeTokens.map((token) => ({ authorization: `Bearer ${token}` }));
  const calls: LoadCall[] = [
    { label: 'GET /api/health', url: `${address}/api/health` },
    { label: 'GET /api/user/activity (month)', url: `${address}/api/user/activity?${thisMonth()}`, headers: user },
    {
      label: 'GET /api/user/activity (month, 50 employees)',
      url: `${address}/api/user/activity?${thisMonth()}`,
      headersPerConnection: employees,
    },
    { label: 'GET /api/leaders/top', url: `${address}/api/leaders/top`, headers: user },
    {
      label: 'GET /api/leaders (middle page)',
      url: `${address}/api/leaders?levelOfCompetition=Intermediate&limit=10&offset=${Math.floor(perLevel / 20) * 10}`,
      headers: admin,
    },
    { label: 'GET /api/user/activity/feed', url: `${address}/api/user/activity/feed?page=1&pageSize=10`, headers: user },
    {
      label: 'GET /api/user/activity/feed (50 employees)',
      url: `${address}/api/user/activity/feed?page=1&pageSize=10`,
      headersPerConnection: employees,
    },
    // Admin search. The seed's words: first<n>, last<nnnnn>, bench<n>, example, com.
    ...(process.env.BENCH_SEARCH === '0' ? [] : searchCalls(address, admin)),
    // Progress charts and the admin overview.
    { label: 'GET /api/insights/progress', url: `${address}/api/insights/progress`, headers: user },
    {
      label: 'GET /api/insights/progress (50 employees)',
      url: `${address}/api/insights/progress`,
      headersPerConnection: employees,
    },
    { label: 'GET /api/insights/overview', url: `${address}/api/insights/overview`, headers: admin },
  ];
  // BENCH_ONLY=<regular expression>: only the calls whose label matches (and /api/health).
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  const measured = only ? calls.filter((call, index) => index === 0 || only.test(call.label)) : calls;
  try {
    for (const { label, url, headers, headersPerConnection } of measured) {
      for (const probeHeaders of headersPerConnection ?? [headers]) {
        const probe = await fetch(url, { headers: probeHeaders });
        if (probe.status !== 200) throw new Error(`${label} answered ${probe.status}: ${await probe.text()}`);
      }
    }
    const writer = backgroundWrites > 0 ? startBackgroundWrites(address, ready.employeeTokens, backgroundWrites) : null;
    const figures = await measureAlternating(measured, { connections, duration, rounds });
    return { target, size, ready, figures, writes: (await writer?.stop()) ?? null };
  } finally {
    await stopServer(child);
  }
};

const report = (runs: Run[]) => {
  console.info(
    `\n[bench] ${connections} connections, ${duration} s per call, median of ${rounds} alternating rounds, server in its own process, 2 shared cores`,
  );
  console.info('| database | activities | call | req/s | p99 ms | vs health |');
  console.info('|---|---|---|---|---|---|');
  for (const run of runs) {
    const health = run.figures[0]!.requestsPerSecond;
    for (const figure of run.figures) {
      console.info(
        `| ${run.target} | ${run.size.toLocaleString('en-US')} | ${figure.label} | ${figure.requestsPerSecond} | ${figure.p99} | ${((figure.requestsPerSecond / health) * 100).toFixed(0)} % |${figure.non2xx || figure.errors ? ` non-2xx ${figure.non2xx}, errors ${figure.errors}` : ''}`,
      );
    }
  }
  for (const run of runs.filter((each) => each.writes)) {
    const writes = run.writes!;
    console.info(
      `\n[bench] ${run.target}, background writes: ${writes.writes} at ${writes.perSecond}/s, p50 ${writes.p50.toFixed(1)} ms, p99 ${writes.p99.toFixed(1)} ms, errors ${writes.errors}`,
    );
  }
  console.info('\n| database | activities | steps | events | seeding s | score tables s |');
  console.info('|---|---|---|---|---|---|');
  for (const run of runs) {
    console.info(
      `| ${run.target} | ${run.ready.seeded.activities.toLocaleString('en-US')} | ${run.ready.seeded.steps.toLocaleString('en-US')} | ${run.ready.seeded.events.toLocaleString('en-US')} | ${(run.ready.seedMs / 1000).toFixed(1)} | ${(run.ready.scoreMs / 1000).toFixed(1)} |`,
    );
  }
};

const main = async () => {
  const runs: Run[] = [];
  for (const target of targets) {
    const scratch = target === 'postgres' && !process.env.DATABASE_URL ? startScratchPostgres(number('BENCH_PG_PORT', 55871)) : null;
    try {
      const url = target === 'postgres' ? (process.env.DATABASE_URL ?? scratch!.url) : undefined;
      for (const size of sizes) runs.push(await runOnce(target, size, url));
    } finally {
      scratch?.stop();
    }
  }
  report(runs);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
