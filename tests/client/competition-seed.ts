import { fixtureId } from '../../mocks/fixtures';
import { mockDb, nextId } from '../../mocks/db';
import { mockClock } from '../../mocks/clock';

/** Rows straight into the mock db for the competition screens' tests. */
export const seedActivity = (email: string, day: string, movingTime: number, name = 'Running', time = '07:00') => {
  const at = `${day}T${time}:00.000Z`;
  mockDb.activities.push({ id: nextId('activities'), userId: fixtureId(email), name, movingTime, startAt: at, startDate: day, source: 'manual', externalId: null, alsoRecordedBy: [], createdAt: at, updatedAt: at });
};

export const seedSteps = (email: string, day: string) => {
  mockDb.dailyStepAchievements.push({ id: nextId('dailyStepAchievements'), userId: fixtureId(email), date: day, createdAt: `${day}T12:00:00.000Z` });
};

export const seedEvent = (email: string, day: string, isInTheTopThree = false) => {
  mockDb.eventParticipations.push({ id: nextId('eventParticipations'), userId: fixtureId(email), name: 'City run', isInTheTopThree, date: day, createdAt: `${day}T12:00:00.000Z` });
};

export const renameUser = (email: string, firstName: string, lastName: string) => {
  Object.assign(mockDb.users.find((user) => user.email === email)!, { firstName, lastName });
};

/** Adds `count` employees of a level (for paging). */
export const seedEmployees = (count: number, level: 'Beginner' | 'Intermediate' | 'Advanced' | 'Elite' = 'Elite') => {
  const now = mockClock.now().toISOString();
  for (let index = 1; index <= count; index += 1) {
    const id = nextId('users');
    mockDb.users.push({
      id,
      role: 'user',
      email: `extra${index}@wellness.test`,
      passwordHash: 'mock$x',
      firstName: `Extra${String(index).padStart(3, '0')}`,
      lastName: 'Person',
      dateOfBirth: null,
      gender: 'other',
      levelOfCompetition: level,
      profilePicture: null,
      isPrivateActivity: false,
      createdAt: now,
      updatedAt: now,
    });
  }
};
