import { sql } from 'drizzle-orm';
import { openPglite, openPostgres } from '../../server/db/client';
import { rebuildScores } from '../../server/modules/scoring/repo';
import { systemClock } from '@/domain/clock';
import { currentCompetitionYear } from '@/domain/competition';
import { seedCompetitionYear } from './seed';
import { serveBenchApi } from '../lib/bench-api';
import { toIsoDay } from '@/domain/days';

/**
 * The server side of one benchmark run, in its own process (forked by bench/competition.ts) so the
 * load generator does not share its event loop: seed, build the score tables, listen, report.
 */
const main = async () => {
  const url = process.env.BENCH_DATABASE_URL;
  const activities = Number(process.env.BENCH_ACTIVITIES ?? 100_000);
  const users = Number(process.env.BENCH_USERS ?? 10_000);
  const database = url ? await openPostgres(url, Number(process.env.BENCH_POOL ?? 10)) : await openPglite();
  await database.migrate();
  await database.db.execute(sql`truncate users restart identity cascade`);

  const now = systemClock.now();
  const seedStart = performance.now();
  const seeded = await seedCompetitionYear(database.db, { users, activities, today: toIsoDay(now), year: currentCompetitionYear(now) });
  const seedMs = performance.now() - seedStart;
  const scoreStart = performance.now();
  await rebuildScores(database.db, 2000, 2100);
  const scoreMs = performance.now() - scoreStart;
  // Steady state: the year's list rows exist (the first list call of a year makes them) and the
  // tables are vacuumed as autovacuum would after a bulk load (index-only scans need the visibility map).
  await database.db.execute(sql`vacuum analyze`);

  const { address, token: signIn } = await serveBenchApi(database, systemClock);
  const token = (id: number, role: 'admin' | 'user') => signIn(id, role, now);
  // Fifty employees spread over the ids (and so over the four levels), one per connection of a load.
  const employeeTokens = await Promise.all(Array.from({ length: 50 }, (_, index) => token(seeded.employeeId + ((index * 199) % seeded.users), 'user')));
  process.send?.({ kind: 'ready', address, kindOfDb: database.kind, seeded, seedMs, scoreMs, adminToken: await token(seeded.adminId, 'admin'), userToken: await token(seeded.employeeId, 'user'), employeeTokens });
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
