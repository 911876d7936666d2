import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { LevelOfCompetition } from '@/contract/common';
import type { AchievementRow, AdminUserUpdate, EventRow, UserSort } from '@/contract/users';
import { STRAVA_SOURCE, type StoredWorkout } from '@/domain/strava-agreement';
import type { DbOrTx } from '../../db/client';
import { activities, dailyStepAchievements, eventParticipations, userLevels, users } from '../../db/schema';
import { foldedSearchTerms, matchesEveryTerm } from '../../db/search-text';
import type { UserRow } from './serialize';

/** SQL of the admin users screens: every list is one page query plus one count, both in SQL (the table's page: employee-page.ts). */

import type { Page } from './page';

/** Only employees are managed here (admins come from the bootstrap; docs/product-rules.md#users-management). */
const isEmployee = eq(users.role, 'user');

export type EmployeeFilter = { search?: string; level?: LevelOfCompetition; sort: UserSort; order: 'asc' | 'desc' };

const sortColumn = { lastName: users.lastName, firstName: users.firstName, email: users.email, gender: users.gender, levelOfCompetition: users.levelOfCompetition } as const;

/**
 * Employees matching the filter: every search term must start one of their words
 * (db/search-text.ts), optionally one level; sorted by the chosen column, then last name, first
 * name and id, so pages never overlap.
 */
const employeeWhere = (filter: Omit<EmployeeFilter, 'sort' | 'order'>, terms: readonly string[]) => {
  const conditions: SQL[] = [isEmployee, matchesEveryTerm(sql`${users.searchText}`, terms)];
  if (filter.level) conditions.push(eq(users.levelOfCompetition, filter.level));
  return and(...conditions);
};

const employeeOrder = (filter: Pick<EmployeeFilter, 'sort' | 'order'>) => {
  const direction = filter.order === 'desc' ? desc : asc;
  return [direction(sortColumn[filter.sort]), asc(users.lastName), asc(users.firstName), asc(users.id)];
};

/** Every matching employee in the table's order, read 1,000 at a time (exports never hold the table). */
export async function* allEmployees(db: DbOrTx, filter: EmployeeFilter, batch = 1000): AsyncGenerator<UserRow[]> {
  const where = employeeWhere(filter, await foldedSearchTerms(db, filter.search));
  for (let offset = 0; ; offset += batch) {
    const rows = await db.select().from(users).where(where).orderBy(...employeeOrder(filter)).limit(batch).offset(offset);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
  }
}

/** The employee row, locked for the rest of the transaction when `forUpdate`; null for unknown ids and admins. */
export const findEmployeeRow = async (db: DbOrTx, id: number, forUpdate = false): Promise<UserRow | null> => {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isEmployee))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
};

/** Newest first: start time, then id (two activities may start at the same minute). */
/**
 * One employee's workouts as an administrator may see them: never a Strava import, not even as
 * its points (at the default 1 point a minute the points are its minutes, and its place among the
 * other rows tells its day). Strava's API agreement: a user's Strava data is shown to that user only.
 */
export const workoutsPage = async (db: DbOrTx, userId: number, { limit, offset }: Page): Promise<{ rows: StoredWorkout[]; count: number }> => {
  const shown = and(eq(activities.userId, userId), ne(activities.source, STRAVA_SOURCE));
  const rows = await db
    .select({ id: activities.id, name: activities.name, movingTime: activities.movingTime, startAt: activities.startAt, source: activities.source })
    .from(activities)
    .where(shown)
    .orderBy(desc(activities.startAt), desc(activities.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ value: count() }).from(activities).where(shown);
  return { rows: rows.map(({ startAt, ...row }) => ({ ...row, startDate: startAt.toISOString() })), count: total?.value ?? 0 };
};

export const eventsPage = async (db: DbOrTx, userId: number, { limit, offset }: Page): Promise<{ rows: EventRow[]; count: number }> => {
  const rows = await db
    .select({
      id: eventParticipations.id,
      name: eventParticipations.name,
      isInTheTopThree: eventParticipations.isInTheTopThree,
      date: eventParticipations.date,
    })
    .from(eventParticipations)
    .where(eq(eventParticipations.userId, userId))
    .orderBy(desc(eventParticipations.date), desc(eventParticipations.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ value: count() }).from(eventParticipations).where(eq(eventParticipations.userId, userId));
  return { rows, count: total?.value ?? 0 };
};

/** A stored row means the 10,000 steps were reached that day, so `isDailyStepsBonus` is true. */
export const achievementsPage = async (
  db: DbOrTx,
  userId: number,
  { limit, offset }: Page,
): Promise<{ rows: AchievementRow[]; count: number }> => {
  const rows = await db
    .select({ id: dailyStepAchievements.id, date: dailyStepAchievements.date })
    .from(dailyStepAchievements)
    .where(eq(dailyStepAchievements.userId, userId))
    .orderBy(desc(dailyStepAchievements.date), desc(dailyStepAchievements.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ value: count() }).from(dailyStepAchievements).where(eq(dailyStepAchievements.userId, userId));
  return { rows: rows.map((row) => ({ ...row, isDailyStepsBonus: true })), count: total?.value ?? 0 };
};

/** The fields an admin edits (docs/product-rules.md#users-management), written over the employee's row. */
export const updateEmployee = (tx: DbOrTx, id: number, body: AdminUserUpdate, now: Date) =>
  tx
    .update(users)
    .set({
      firstName: body.firstName,
      lastName: body.lastName,
      gender: body.gender,
      dateOfBirth: body.dateOfBirth,
      levelOfCompetition: body.levelOfCompetition,
      updatedAt: now,
    })
    .where(eq(users.id, id));

/** The level of one competition year (the leaderboards read user_levels). */
export const upsertEmployeeLevel = (tx: DbOrTx, id: number, competitionYear: number, levelOfCompetition: LevelOfCompetition) =>
  tx
    .insert(userLevels)
    .values({ userId: id, competitionYear, levelOfCompetition })
    .onConflictDoUpdate({
      target: [userLevels.userId, userLevels.competitionYear],
      set: { levelOfCompetition },
    });

/** Every row of theirs goes too, through the foreign keys' ON DELETE CASCADE. */
export const deleteUserRow = (tx: DbOrTx, id: number) => tx.delete(users).where(eq(users.id, id));
