import { signedInToken } from '../../support/signed-in-token';
import type { AppConfig } from '../../../server/config';
import type { Db } from '../../../server/db/client';
import { activities, dailyStepAchievements, eventParticipations, userLevels, users } from '../../../server/db/schema';
import { rescoreUserYear } from '../../../server/modules/scoring/repo';
import type { LevelOfCompetition } from '@/contract/common';
import { competitionYearOf } from '@/domain/competition';

/** Rows for the competition tests, written straight to the tables (the dashboard owns the write API). */

let counter = 0;

export type NewUser = {
  firstName?: string;
  lastName?: string;
  role?: 'admin' | 'user';
  level?: LevelOfCompetition;
  isPrivateActivity?: boolean;
  profilePicture?: string | null;
  /** Per competition year levels (user_levels rows). */
  levels?: Record<number, LevelOfCompetition>;
  /** When the account was made: by default before every year the tests look at, so past lists show it. */
  createdAt?: string;
  /** Null: a self-made account that has not opened its confirmation link (on no leaderboard). */
  emailConfirmedAt?: Date | null;
};

export const addUser = async (db: Db, options: NewUser = {}) => {
  counter += 1;
  const [row] = await db
    .insert(users)
    .values({
      email: `user${counter}@example.com`,
      passwordHash: 'not-used',
      role: options.role ?? 'user',
      firstName: options.firstName ?? `First${counter}`,
      lastName: options.lastName ?? `Last${counter}`,
      gender: 'other',
      levelOfCompetition: options.level ?? 'Beginner',
      isPrivateActivity: options.isPrivateActivity ?? false,
      profilePicture: options.profilePicture ?? null,
      createdAt: new Date(options.createdAt ?? '2022-01-01T00:00:00Z'),
      ...(options.emailConfirmedAt === undefined ? {} : { emailConfirmedAt: options.emailConfirmedAt }),
    })
    .returning();
  const entries = Object.entries(options.levels ?? {});
  if (entries.length) await db.insert(userLevels).values(entries.map(([year, level]) => ({ userId: row!.id, competitionYear: Number(year), levelOfCompetition: level })));
  return row!;
};

/** A token of a fresh sign-in of `user` (a refresh family in `db`, which the token names). */
export const tokenFor = (db: Db, user: { id: number; role: 'admin' | 'user' }, config: AppConfig, now: Date) =>
  signedInToken(db, config, user, now, config.accessTokenTtlSeconds);

export const authHeader = async (db: Db, user: { id: number; role: 'admin' | 'user' }, config: AppConfig, now: Date) => ({
  authorization: `Bearer ${await tokenFor(db, user, config, now)}`,
});

/** Inserts an activity and rescores its year, as the activity module does in one transaction. */
export const logActivity = async (db: Db, userId: number, day: string, movingTime: number, extra: { name?: string; source?: 'manual' | 'strava' | 'fitbit'; time?: string } = {}) => {
  const [row] = await db
    .insert(activities)
    .values({ userId, name: extra.name ?? 'Running', movingTime, startAt: new Date(`${day}T${extra.time ?? '07:00'}:00Z`), startDate: day, source: extra.source ?? 'manual' })
    .returning();
  await rescoreUserYear(db, userId, competitionYearOf(day));
  return row!;
};

export const logSteps = async (db: Db, userId: number, day: string) => {
  const [row] = await db.insert(dailyStepAchievements).values({ userId, date: day }).returning();
  await rescoreUserYear(db, userId, competitionYearOf(day));
  return row!;
};

export const logEvent = async (db: Db, userId: number, day: string, isInTheTopThree = false) => {
  const [row] = await db.insert(eventParticipations).values({ userId, name: 'City run', date: day, isInTheTopThree }).returning();
  await rescoreUserYear(db, userId, competitionYearOf(day));
  return row!;
};
