import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite } from '../../server/db/client';
import { hashPassword } from '../../server/passwords/argon2';
import { rebuildScores } from '../../server/modules/scoring/repo';
import { currentCompetitionYear } from '@/domain/competition';
import { toIsoDay } from '@/domain/days';
import { seedCompetitionYear } from '../competition/seed';

/** The phone benchmarks' employee: a year of activities, signed in with this password. */
export const PHONE_EMAIL = 'bench1@example.com';
export const PHONE_PASSWORD = 'Phone-Bench-2026';

/** A competition year (300 employees, 60,000 activities) in an embedded database under `dataDir`. */
export const seedPhoneData = async (dataDir: string) => {
  const database = await openPglite(join(dataDir, 'db'));
  await database.migrate();
  const now = new Date();
  const seeded = await seedCompetitionYear(database.db, {
    users: 300,
    activities: 60_000,
    today: toIsoDay(now),
    year: currentCompetitionYear(now),
  });
  await rebuildScores(database.db, 2000, 2100);
  await database.db.execute(sql`update users set password_hash = ${await hashPassword(PHONE_PASSWORD)} where id = ${seeded.employeeId}`);
  await database.db.execute(sql`vacuum analyze`);
  await database.close();
};
