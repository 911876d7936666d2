import { COMPETITION_START_YEAR, type Gender, type LevelOfCompetition, type Role } from '@/contract/common';

/**
 * The people every mock session and the contract suite start with. QA signs in with these
 * (mocks/README.md lists them); the contract harness inserts the same rows, with argon2 hashes,
 * into the real server's database, so ids 1..n are equal on both targets.
 */
export type FixtureUser = {
  role: Role;
  email: string;
  /** Plain text on purpose: these are published test credentials. */
  password: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  gender: Gender;
  levelOfCompetition: LevelOfCompetition;
  isPrivateActivity: boolean;
};

export const FIXTURE_PASSWORD = 'Employee123!';

export const fixtureUsers: readonly FixtureUser[] = [
  {
    role: 'admin',
    email: 'admin@wellness.test',
    password: 'Admin123!',
    firstName: 'Ada',
    lastName: 'Admin',
    dateOfBirth: '1980-05-14',
    gender: 'female',
    levelOfCompetition: 'Beginner',
    isPrivateActivity: false,
  },
  {
    role: 'user',
    email: 'bea@wellness.test',
    password: FIXTURE_PASSWORD,
    firstName: 'Bea',
    lastName: 'Beginner',
    dateOfBirth: '1992-03-08',
    gender: 'female',
    levelOfCompetition: 'Beginner',
    isPrivateActivity: false,
  },
  {
    role: 'user',
    email: 'ivan@wellness.test',
    password: FIXTURE_PASSWORD,
    firstName: 'Ivan',
    lastName: 'Intermediate',
    dateOfBirth: '1988-11-30',
    gender: 'male',
    levelOfCompetition: 'Intermediate',
    isPrivateActivity: false,
  },
  {
    role: 'user',
    email: 'alex@wellness.test',
    password: FIXTURE_PASSWORD,
    firstName: 'Alex',
    lastName: 'Advanced',
    dateOfBirth: '1995-07-21',
    gender: 'other',
    levelOfCompetition: 'Advanced',
    isPrivateActivity: false,
  },
  {
    role: 'user',
    email: 'eli@wellness.test',
    password: FIXTURE_PASSWORD,
    firstName: 'Eli',
    lastName: 'Elite',
    dateOfBirth: '1985-01-02',
    gender: 'male',
    levelOfCompetition: 'Elite',
    isPrivateActivity: false,
  },
  {
    role: 'user',
    email: 'pia@wellness.test',
    password: FIXTURE_PASSWORD,
    firstName: 'Pia',
    lastName: 'Private',
    dateOfBirth: '1999-09-09',
    gender: 'female',
    levelOfCompetition: 'Beginner',
    isPrivateActivity: true,
  },
];

/** Ids are assigned in fixture order starting at 1, on both targets. */
export const fixtureId = (email: string) => {
  const index = fixtureUsers.findIndex((user) => user.email === email);
  if (index < 0) throw new Error(`No fixture user ${email}`);
  return index + 1;
};

export const fixtureAdmin = fixtureUsers[0]!;
/** The first employee of each level. */
export const fixtureEmployee = (level: LevelOfCompetition = 'Beginner') =>
  fixtureUsers.find((user) => user.role === 'user' && user.levelOfCompetition === level)!;

/**
 * Competition years a fixture user has a level row for: every year from 2022 to the current one,
 * at their present level (the leaderboard of a past year then lists them too).
 */
export const fixtureLevelYears = (currentYear: number) => {
  const years: number[] = [];
  for (let year = COMPETITION_START_YEAR; year <= currentYear; year += 1) years.push(year);
  return years;
};
