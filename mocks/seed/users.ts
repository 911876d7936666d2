import { currentCompetitionYear } from '@/domain/competition';
import { hashPassword } from '../../server/passwords/argon2';
import type { Db } from '../../server/db/client';
import { userLevels, users } from '../../server/db/schema';
import { fixtureLevelYears, fixtureUsers } from '../fixtures';

/** argon2 is slow on purpose: hash each fixture password once per process. */
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

/** The first day of the first competition year a fixture has a level in: the fixture people have been employees since then. */
export const fixturesEmployedSince = (now: Date) => new Date(`${Math.min(...fixtureLevelYears(currentCompetitionYear(now)))}-04-01T00:00:00.000Z`);

/**
 * Inserts the fixture users (mocks/fixtures.ts) into an empty server database, one by one in fixture
 * order, so their ids are 1..n; passwords hashed by the server's own argon2id; plus their level rows
 * of every competition year up to `now`'s. `createdAt`: when they joined (default: `now`).
 */
export const seedFixtureUsers = async (db: Db, now: Date, createdAt: Date = now) => {
  const year = currentCompetitionYear(now);
  for (const fixture of fixtureUsers) {
    const { password, ...profile } = fixture;
    const [row] = await db
      .insert(users)
      .values({ ...profile, passwordHash: await hashOf(password), createdAt, updatedAt: now })
      .returning({ id: users.id });
    if (!row) throw new Error(`could not insert fixture ${fixture.email}`);
    await db.insert(userLevels).values(fixtureLevelYears(year).map((competitionYear) => ({ userId: row.id, competitionYear, levelOfCompetition: fixture.levelOfCompetition })));
  }
};
