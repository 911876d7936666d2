import { sql } from 'drizzle-orm';
import { openPglite, openPostgres } from '../../server/db/client';
import { rebuildScores } from '../../server/modules/scoring/repo';
import { systemClock } from '@/domain/clock';
import { currentCompetitionYear } from '@/domain/competition';
import { seedCompetitionYear, type CompetitionSeed } from './seed';
import { rowsOf } from '../../server/db/rows';
import type { Database } from '../../server/db/client';
import { serveBenchApi } from '../lib/bench-api';
import { toIsoDay } from '@/domain/days';

type Seeded = { seeded: CompetitionSeed; seedMs: number; scoreMs: number };

/**
 * BENCH_REUSE=1 on a database of its own (DATABASE_URL): the company seeded by an earlier run of the
 * same size, kept with its figures in bench_seed, so a full-size run (15,000,000 activities: about
 * 15 minutes of seeding) can be measured again on a quieter machine without seeding again.
 */
const keptSeed = async (database: Database, users: number, activities: number): Promise<Seeded | null> => {
  await database.db.execute(sql`create table if not exists bench_seed (users int, activities int, figures jsonb)`);
  const [row] = rowsOf<{ figures: Seeded }>(await database.db.execute(sql`select figures from bench_seed where users = ${users} and activities = ${activities}`));
  return row?.figures ?? null;
};

const seedAnew = async (database: Database, users: number, activities: number, now: Date): Promise<Seeded> => {
  await database.db.execute(sql`truncate users restart identity cascade`);
  const seedStart = performance.now();
  const seeded = await seedCompetitionYear(database.db, { users, activities, today: toIsoDay(now), year: currentCompetitionYear(now) });
  const seedMs = performance.now() - seedStart;
  const scoreStart = performance.now();
  await rebuildScores(database.db, 2000, 2100);
  const scoreMs = performance.now() - scoreStart;
  // Steady state: the year's list rows exist (the first list call of a year makes them) and the
  // tables are vacuumed as autovacuum would after a bulk load (index-only scans need the visibility map).
  await database.db.execute(sql`vacuum analyze`);
  const figures = { seeded, seedMs, scoreMs };
  if (process.env.BENCH_REUSE === '1') {
    await database.db.execute(sql`delete from bench_seed`);
    await database.db.execute(sql`insert into bench_seed values (${users}, ${activities}, ${JSON.stringify(figures)}::jsonb)`);
  }
  return figures;
};

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
  const now = systemClock.now();
  const { seeded, seedMs, scoreMs } = (process.env.BENCH_REUSE === '1' && (await keptSeed(database, users, activities))) || (await seedAnew(database, users, activities, now));

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
