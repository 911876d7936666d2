import { currentCompetitionYear } from '@/domain/competition';
import { and, count, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { repoOf } from '../../db/repo-of';
import { passwordResetTokens, refreshSessions, userLevels, users } from '../../db/schema';

export type RefreshSessionRow = typeof refreshSessions.$inferSelect;

export const findSessionByHash = async (db: DbOrTx, tokenHash: string): Promise<RefreshSessionRow | null> => {
  const [row] = await db.select().from(refreshSessions).where(eq(refreshSessions.tokenHash, tokenHash)).limit(1);
  return row ?? null;
};

export const findSessionById = async (db: DbOrTx, id: string): Promise<RefreshSessionRow | null> => {
  const [row] = await db.select().from(refreshSessions).where(eq(refreshSessions.id, id)).limit(1);
  return row ?? null;
};

export const insertSession = (db: DbOrTx, row: typeof refreshSessions.$inferInsert) => db.insert(refreshSessions).values(row);

/**
 * Marks a session rotated only if nobody did so first; the row lock makes a concurrent
 * rotation wait and then find nothing to update. Returns whether this caller won.
 */
export const markRotated = async (db: DbOrTx, id: string, successorId: string, now: Date) => {
  const rows = await db
    .update(refreshSessions)
    .set({ rotatedAt: now, replacedBy: successorId })
    .where(and(eq(refreshSessions.id, id), isNull(refreshSessions.rotatedAt), isNull(refreshSessions.revokedAt)))
    .returning({ id: refreshSessions.id });
  return rows.length === 1;
};

export const revokeFamily = (db: DbOrTx, familyId: string, now: Date) =>
  db.update(refreshSessions).set({ revokedAt: now }).where(and(eq(refreshSessions.familyId, familyId), isNull(refreshSessions.revokedAt)));

/** Every sign-in of the account ends (the liveness check refuses their access tokens within a second); how many there were. */
export const revokeAllSessionsOfUser = async (db: DbOrTx, userId: number, now: Date) => {
  const rows = await db.update(refreshSessions).set({ revokedAt: now }).where(and(eq(refreshSessions.userId, userId), isNull(refreshSessions.revokedAt))).returning({ familyId: refreshSessions.familyId });
  return new Set(rows.map((row) => row.familyId)).size;
};

export const insertResetToken = (db: DbOrTx, row: typeof passwordResetTokens.$inferInsert) => db.insert(passwordResetTokens).values(row);

/** A reset token that is unused and not expired, or null. */
export const findUsableResetToken = async (db: DbOrTx, tokenHash: string, now: Date) => {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .limit(1);
  return row ?? null;
};

/** Consumes a usable token atomically (single use even under concurrent requests); returns its user. */
export const consumeResetToken = async (db: DbOrTx, tokenHash: string, now: Date) => {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
};

/** Every other outstanding link of the user stops working once the password changed. */
export const expireResetTokensOfUser = (db: DbOrTx, userId: number, now: Date) =>
  db.update(passwordResetTokens).set({ usedAt: now }).where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));

export const setPasswordHash = (db: DbOrTx, userId: number, passwordHash: string, now: Date) =>
  db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));

/** Housekeeping: sessions and reset links that expired over a day ago are of no use to anyone. */
export const pruneExpiredAuthRows = async (db: DbOrTx, now: Date) => {
  const cutoff = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await db.delete(refreshSessions).where(lt(refreshSessions.expiresAt, cutoff));
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, cutoff));
};

export type NewUser = typeof users.$inferInsert;

/** A new account's row; its id. */
const insertUser = async (db: DbOrTx, row: NewUser) => {
  const [created] = await db.insert(users).values(row).returning({ id: users.id });
  if (!created) throw new Error('insert returned no row');
  return created.id;
};

/** The first admin, unless that e-mail exists meanwhile; its id, or null when it did. */
export const insertUserUnlessTaken = async (db: DbOrTx, row: NewUser) => {
  const [created] = await db.insert(users).values(row).onConflictDoNothing().returning({ id: users.id });
  return created?.id ?? null;
};

/** The level of a new account's first competition year (the leaderboards read user_levels). */
export const insertUserLevel = (db: DbOrTx, row: typeof userLevels.$inferInsert) => db.insert(userLevels).values(row);

/** The person a new employee account describes (sign-up, invitation, single sign-on). */
export type NewEmployee = Pick<NewUser, 'email' | 'passwordHash' | 'firstName' | 'lastName' | 'dateOfBirth' | 'gender' | 'levelOfCompetition' | 'profilePicture'>;

/** A new employee with the level of their first competition year; `confirmed`: the address needs no link (docs/access.md). Their id. */
export const insertEmployee = async (db: DbOrTx, person: NewEmployee, { now, confirmed }: { now: Date; confirmed: boolean }) => {
  const { email, passwordHash, firstName, lastName, dateOfBirth, gender, levelOfCompetition, profilePicture } = person;
  const account = { role: 'user' as const, email, passwordHash, firstName, lastName, dateOfBirth, gender, levelOfCompetition, profilePicture };
  const userId = await insertUser(db, { ...account, emailConfirmedAt: confirmed ? now : null, createdAt: now, updatedAt: now });
  await insertUserLevel(db, { userId, competitionYear: currentCompetitionYear(now), levelOfCompetition: person.levelOfCompetition });
  return userId;
};

export const countUsers = async (db: DbOrTx) => {
  const [row] = await db.select({ total: count() }).from(users);
  return row?.total ?? 0;
};

/** The auth module's queries (sessions, reset links, accounts) on one handle. */
export const authRepo = repoOf({
  findSessionByHash,
  findSessionById,
  insertSession,
  markRotated,
  revokeFamily,
  revokeAllSessionsOfUser,
  insertResetToken,
  findUsableResetToken,
  consumeResetToken,
  expireResetTokensOfUser,
  setPasswordHash,
  pruneExpiredAuthRows,
  insertUserUnlessTaken,
  insertUserLevel,
  insertEmployee,
  countUsers,
});
