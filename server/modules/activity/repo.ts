import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activities, dailyStepAchievements, eventParticipations } from '../../db/schema';
import { toIsoDay } from '@/domain/days';
import { rawStatement } from '../../db/raw-statement';
import { repoOf } from '../../db/repo-of';
import { loadMonths } from './month-repo';
import { findActivityRow, insertActivityRow, updateActivityRow } from './activity-row-repo';

/** Row-level SQL of the activity module; every query is scoped to its owner. */

export type NewActivity = { userId: number; name: string; movingTime: number; startAt: Date };

const dayOf = (at: Date) => toIsoDay(at);

export const insertActivity = (tx: DbOrTx, input: NewActivity) => insertActivityRow(tx, { ...input, startDate: dayOf(input.startAt) });

export const findOwnActivity = async (tx: DbOrTx, userId: number, id: number) => {
  const [row] = await tx.select().from(activities).where(and(eq(activities.id, id), eq(activities.userId, userId))).limit(1);
  return row ?? null;
};

export const updateActivity = (tx: DbOrTx, id: number, changes: { name: string; movingTime: number; startAt: Date }, now: Date) =>
  updateActivityRow(tx, id, { ...changes, startDate: dayOf(changes.startAt) }, now);

const deleteOwnStatement = rawStatement(
  'delete_own_activity',
  sql`delete from activities where id = ${sql.placeholder('id')}::int and user_id = ${sql.placeholder('userId')}::int returning to_char(start_date, 'YYYY-MM-DD')`,
);
/** Deletes the owner's activity (a named statement: deletes are as hot as inserts); its day, or null when the owner has no such activity. */
export const deleteOwnActivity = async (tx: DbOrTx, userId: number, id: number) => {
  const [row] = await deleteOwnStatement(tx, { id, userId });
  return row ? { startDate: row[0] as string } : null;
};

/** Inserts the day's achievement or, when it exists, returns the existing row (one per user and day). */
export const upsertStepAchievement = async (tx: DbOrTx, userId: number, date: string) => {
  const [inserted] = await tx
    .insert(dailyStepAchievements)
    .values({ userId, date })
    .onConflictDoNothing({ target: [dailyStepAchievements.userId, dailyStepAchievements.date] })
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await tx
    .select()
    .from(dailyStepAchievements)
    .where(and(eq(dailyStepAchievements.userId, userId), eq(dailyStepAchievements.date, date)));
  return { row: existing!, created: false };
};

/** Which of `days` already have the user's step achievement (an import's preview says so). */
export const stepAchievementDays = async (db: DbOrTx, userId: number, days: string[]): Promise<Set<string>> => {
  if (days.length === 0) return new Set();
  const rows = await db
    .select({ date: dailyStepAchievements.date })
    .from(dailyStepAchievements)
    .where(and(eq(dailyStepAchievements.userId, userId), inArray(dailyStepAchievements.date, days)));
  return new Set(rows.map((row) => row.date));
};

export const deleteStepAchievement = async (tx: DbOrTx, userId: number, date: string) => {
  const rows = await tx
    .delete(dailyStepAchievements)
    .where(and(eq(dailyStepAchievements.userId, userId), eq(dailyStepAchievements.date, date)))
    .returning({ id: dailyStepAchievements.id });
  return rows.length;
};

export const listEventsOfDay = (db: DbOrTx, userId: number, date: string) =>
  db
    .select()
    .from(eventParticipations)
    .where(and(eq(eventParticipations.userId, userId), eq(eventParticipations.date, date)))
    .orderBy(asc(eventParticipations.id));

export const insertEvent = async (tx: DbOrTx, input: { userId: number; name: string; isInTheTopThree: boolean; date: string }) => {
  const [row] = await tx.insert(eventParticipations).values(input).returning();
  return row!;
};

export const findOwnEvent = async (tx: DbOrTx, userId: number, id: number) => {
  const [row] = await tx
    .select()
    .from(eventParticipations)
    .where(and(eq(eventParticipations.id, id), eq(eventParticipations.userId, userId)))
    .limit(1);
  return row ?? null;
};

export const deleteEvent = (tx: DbOrTx, id: number) => tx.delete(eventParticipations).where(eq(eventParticipations.id, id));

/** The activity module's queries on one handle: the month reads on the database, the writes on the writer's transaction. */
export const activityRepo = repoOf({
  loadMonths,
  findActivityRow,
  insertActivity,
  findOwnActivity,
  updateActivity,
  deleteOwnActivity,
  upsertStepAchievement,
  stepAchievementDays,
  deleteStepAchievement,
  listEventsOfDay,
  insertEvent,
  findOwnEvent,
  deleteEvent,
});
