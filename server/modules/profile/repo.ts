import { eq } from 'drizzle-orm';
import type { LevelOfCompetition } from '@/contract/common';
import type { DbOrTx } from '../../db/client';
import { repoOf } from '../../db/repo-of';
import { userLevels, users } from '../../db/schema';

export type ProfileChanges = Partial<Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'dateOfBirth' | 'gender' | 'email' | 'levelOfCompetition' | 'isPrivateActivity' | 'profilePicture'>>;

export const updateUserRow = (db: DbOrTx, userId: number, changes: ProfileChanges, now: Date) =>
  db.update(users).set({ ...changes, updatedAt: now }).where(eq(users.id, userId));

/** The level of one competition year (leaderboards read this table). */
export const upsertYearLevel = (db: DbOrTx, userId: number, competitionYear: number, levelOfCompetition: LevelOfCompetition) =>
  db
    .insert(userLevels)
    .values({ userId, competitionYear, levelOfCompetition })
    .onConflictDoUpdate({ target: [userLevels.userId, userLevels.competitionYear], set: { levelOfCompetition } });

export const profileRepo = repoOf({ updateUserRow, upsertYearLevel });
