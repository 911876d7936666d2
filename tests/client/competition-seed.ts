import { eq } from 'drizzle-orm';
import { currentCompetitionYear } from '@/domain/competition';
import { activities, trackerDuplicates, userLevels, users } from '../../server/db/schema';
import { logActivity, logEvent, logSteps } from '../server/helpers/competition-seed';
import { mockClock } from '../../mocks/clock';
import { fixtureId, fixtureLevelYears } from '../../mocks/fixtures';
import { clientHost } from './support/host';

/**
 * Rows for the competition screens' tests, written to the host's tables the way the server tests
 * write them (tests/server/helpers/competition-seed.ts): the row, then the server's own rescoring.
 * For days the API would refuse (outside the edit window) and other people's records.
 */
export const seedActivity = async (email: string, day: string, movingTime: number, name = 'Running', time = '07:00') =>
  logActivity(await clientHost.db(), fixtureId(email), day, movingTime, { name, time });

/** An activity a tracker imported (`source`), also recorded by the trackers in `alsoRecordedBy`. */
export const seedImportedActivity = async (
  email: string,
  { day, time, name, movingTime, source, externalId, alsoRecordedBy }: { day: string; time: string; name: string; movingTime: number; source: 'strava' | 'fitbit'; externalId: string; alsoRecordedBy: ('strava' | 'fitbit')[] },
) => {
  const db = await clientHost.db();
  const row = await logActivity(db, fixtureId(email), day, movingTime, { name, time, source });
  await db.update(activities).set({ externalId }).where(eq(activities.id, row.id));
  for (const other of alsoRecordedBy) await db.insert(trackerDuplicates).values({ userId: row.userId, activityId: row.id, source: other, externalId: `${externalId}-${other}` });
  return row;
};

export const seedSteps = async (email: string, day: string) => logSteps(await clientHost.db(), fixtureId(email), day);

export const seedEvent = async (email: string, day: string, isInTheTopThree = false) => logEvent(await clientHost.db(), fixtureId(email), day, isInTheTopThree);

export const renameUser = async (email: string, firstName: string, lastName: string) => {
  await (await clientHost.db()).update(users).set({ firstName, lastName }).where(eq(users.email, email));
};

/** Adds `count` employees of a level (for paging). */
export const seedEmployees = async (count: number, level: 'Beginner' | 'Intermediate' | 'Advanced' | 'Elite' = 'Elite') => {
  const db = await clientHost.db();
  const now = mockClock.now();
  const rows = Array.from({ length: count }, (_, offset) => ({
    role: 'user' as const,
    email: `extra${offset + 1}@wellness.test`,
    passwordHash: 'not-used',
    firstName: `Extra${String(offset + 1).padStart(3, '0')}`,
    lastName: 'Person',
    gender: 'other' as const,
    levelOfCompetition: level,
    createdAt: now,
    updatedAt: now,
  }));
  const inserted = await db.insert(users).values(rows).returning({ id: users.id });
  // Level rows as the fixture users have them (seedServerFixtures).
  const years = fixtureLevelYears(currentCompetitionYear(now));
  await db.insert(userLevels).values(inserted.flatMap(({ id }) => years.map((competitionYear) => ({ userId: id, competitionYear, levelOfCompetition: level }))));
};
