import { sql } from 'drizzle-orm';
import { openPglite, openPostgres } from '../../server/db/client';
import { rebuildScores } from '../../server/modules/scoring/repo';
import { findFeedJsons } from '../../server/modules/feed/repo';
import { monthParamsOf } from '../../server/modules/insights/month-params';
import { findOverviewJson, findProgressJsons } from '../../server/modules/insights/repo';
import { findLeadersJson, findTopLeadersJson } from '../../server/modules/leaders/repo';
import { rescoreUserYear } from '../../server/modules/scoring/repo';
import { seedCompetitionYear } from './seed';

/**
 * Times each competition query (mean of 5, after one warm-up) on a freshly seeded database, without
 * HTTP: `npx tsx bench/competition/explain.ts` (PGlite) or BENCH_DATABASE_URL=postgres://... .
 */
const main = async () => {
  const url = process.env.BENCH_DATABASE_URL;
  const database = url ? await openPostgres(url) : await openPglite();
  await database.migrate();
  await database.db.execute(sql`truncate users restart identity cascade`);
  await seedCompetitionYear(database.db, { users: 10_000, activities: Number(process.env.BENCH_ACTIVITIES ?? 100_000), today: '2026-11-22', year: 2026 });
  await rebuildScores(database.db, 2000, 2100);
  await database.db.execute(sql`analyze`);
  const time = async (label: string, run: () => Promise<unknown>) => {
    await run();
    const start = performance.now();
    for (let i = 0; i < 5; i += 1) await run();
    console.info(label, ((performance.now() - start) / 5).toFixed(1), 'ms');
  };
  await time('top', () => findTopLeadersJson(database.db, 2026));
  await time('list', () => findLeadersJson(database.db, { year: 2026, month: 11, level: 'Intermediate', limit: 10, offset: 1250 }));
  await time('feed page', () => findFeedJsons(database.db, [{ viewerId: 2, limit: 10, offset: 0 }]));
  await time('insights progress', () => findProgressJsons(database.db, [2], 2026, monthParamsOf(2026, new Date('2026-11-20T12:00:00Z'))));
  await time('insights overview', () => findOverviewJson(database.db, 2026, monthParamsOf(2026, new Date('2026-11-20T12:00:00Z'))));
  // A write: one more activity and its recompute, which now also moves one insight_months group.
  let minute = 0;
  await time('log activity + recompute', () =>
    database.db.transaction(async (tx) => {
      minute += 1;
      await tx.execute(sql`insert into activities (user_id, name, moving_time, start_at, start_date) values (2, 'Running', ${10 + minute}, now(), '2026-11-20')`);
      await rescoreUserYear(tx, 2, 2026);
    }),
  );
  await database.close();
};
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
