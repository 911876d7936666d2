import { currentCompetitionYear } from '@/domain/competition';
import { hashPassword } from '../../../server/modules/auth/passwords';
import type { Db } from '../../../server/db/client';
import { userLevels, users } from '../../../server/db/schema';
import { fixtureLevelYears, fixtureUsers } from '../../../mocks/fixtures';

/** argon2 is slow on purpose: hash each fixture password once per test file. */
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

/**
 * Inserts the mocks' fixture users (mocks/fixtures.ts) into an emptied server database, one by one
 * in fixture order, so their ids are 1..n as in the mock db; plus their level rows.
 */
export const seedServerFixtures = async (db: Db, now: Date) => {
  const year = currentCompetitionYear(now);
  for (const fixture of fixtureUsers) {
    const { password, ...profile } = fixture;
    const [row] = await db
      .insert(users)
      .values({ ...profile, passwordHash: await hashOf(password), createdAt: now, updatedAt: now })
      .returning({ id: users.id });
    if (!row) throw new Error(`could not insert fixture ${fixture.email}`);
    await db.insert(userLevels).values(fixtureLevelYears(year).map((competitionYear) => ({ userId: row.id, competitionYear, levelOfCompetition: fixture.levelOfCompetition })));
  }
};
