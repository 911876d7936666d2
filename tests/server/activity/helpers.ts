import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { tokenOfSignIn } from '../../support/signed-in-token';
import type { Db } from '../../../server/db/client';
import { activities, dailyStepAchievements, eventParticipations, scoreYears, users } from '../../../server/db/schema';
import type { Role } from '@/contract/common';
import type { createTestApp } from '../helpers/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type Person = { id: number; role: Role };

let counter = 0;

/** Inserts a user directly (auth is another module); tokens are signed per request with the current clock. */
export const seedUser = async (db: Db, role: Role = 'user'): Promise<Person> => {
  counter += 1;
  const [row] = await db
    .insert(users)
    .values({
      role,
      email: `person${counter}@example.com`,
      passwordHash: 'not-used',
      firstName: `First${counter}`,
      lastName: `Last${counter}`,
      gender: 'female',
      levelOfCompetition: 'Beginner',
    })
    .returning({ id: users.id, role: users.role });
  return row!;
};

/** `app.inject` as `person` (signed in once per app), with a token valid at the app's (movable) clock. */
export const asUser = (ctx: TestApp, person: Person) => async (options: InjectOptions) => {
  const token = await tokenOfSignIn(ctx, person);
  return ctx.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
};

export const seedActivity = async (db: Db, userId: number, startAt: string, movingTime = 30, name = 'Running') => {
  const [row] = await db
    .insert(activities)
    .values({ userId, name, movingTime, startAt: new Date(startAt), startDate: startAt.slice(0, 10) })
    .returning();
  return row!;
};

export const seedSteps = async (db: Db, userId: number, date: string) => {
  const [row] = await db.insert(dailyStepAchievements).values({ userId, date }).returning();
  return row!;
};

export const seedEvent = async (db: Db, userId: number, date: string, name = '5K charity run', isInTheTopThree = false) => {
  const [row] = await db.insert(eventParticipations).values({ userId, date, name, isInTheTopThree }).returning();
  return row!;
};

export const activityRows = (db: Db, userId: number) => db.select().from(activities).where(eq(activities.userId, userId));
export const stepRows = (db: Db, userId: number) => db.select().from(dailyStepAchievements).where(eq(dailyStepAchievements.userId, userId));
export const eventRows = (db: Db, userId: number) => db.select().from(eventParticipations).where(eq(eventParticipations.userId, userId));

/** Annual points as the leaderboard reads them (0 when no score row exists). */
export const annualPoints = async (db: Db, userId: number, year: number) => {
  const [row] = await db
    .select({ points: scoreYears.points })
    .from(scoreYears)
    .where(and(eq(scoreYears.userId, userId), eq(scoreYears.competitionYear, year)));
  return row?.points ?? 0;
};
