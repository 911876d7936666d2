import { openPostgres } from '../../server/db/client';
import { monthParamsOf } from '../../server/modules/insights/month-params';
import { findOverviewJson, findProgressJsons } from '../../server/modules/insights/repo';
import { findLeadersJson, findTopLeadersJson } from '../../server/modules/leaders/repo';
import { findFeedJsons } from '../../server/modules/feed/repo';
import { currentCompetitionYear } from '@/domain/competition';

/**
 * Times the competition reads one at a time (mean of 20 after one warm-up) on a database seeded
 * already, e.g. the full-size company a `BENCH_REUSE=1` run of bench/competition.ts kept: what one
 * call costs the database, without HTTP or a load beside it.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55900/bench npx tsx bench/competition/time-reads.ts
 */
const main = async () => {
  const database = await openPostgres(process.env.BENCH_DATABASE_URL!);
  const now = new Date();
  const year = currentCompetitionYear(now);
  const params = monthParamsOf(year, now);
  const time = async (label: string, run: () => Promise<unknown>) => {
    await run();
    const start = performance.now();
    for (let i = 0; i < 20; i += 1) await run();
    console.info(`${label}: ${((performance.now() - start) / 20).toFixed(2)} ms`);
  };
  await time('top leaders', () => findTopLeadersJson(database.db, year));
  await time('insights overview', () => findOverviewJson(database.db, year, params));
  await time('insights progress', () => findProgressJsons(database.db, [2], year, params));
  await time('feed page', () => findFeedJsons(database.db, [{ viewerId: 2, limit: 10, offset: 0 }]));
  await time('leaders list, middle page', () => findLeadersJson(database.db, { year, month: Number(now.toISOString().slice(5, 7)), level: 'Intermediate', limit: 10, offset: 12_500 }));
  await database.close();
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
