import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailConfirmationTokens } from '../../db/access-schema';
import { repoOf } from '../../db/repo-of';
import { users } from '../../db/schema';

export const insertConfirmationToken = (db: DbOrTx, row: typeof emailConfirmationTokens.$inferInsert) => db.insert(emailConfirmationTokens).values(row);

/** Uses up a live link atomically (single use under concurrent clicks); its user and the address it was mailed to, or null. */
export const consumeConfirmationToken = async (db: DbOrTx, tokenHash: string, now: Date) => {
  const [row] = await db
    .update(emailConfirmationTokens)
    .set({ usedAt: now })
    .where(and(eq(emailConfirmationTokens.tokenHash, tokenHash), isNull(emailConfirmationTokens.usedAt), gt(emailConfirmationTokens.expiresAt, now)))
    .returning({ userId: emailConfirmationTokens.userId, email: emailConfirmationTokens.email });
  return row ?? null;
};

/** Confirms once: a second link of the same account leaves the first confirmation time. */
export const markEmailConfirmed = (db: DbOrTx, userId: number, now: Date) =>
  db.update(users).set({ emailConfirmedAt: now }).where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));

/** The account's address and its pending new one (locked: the caller changes them). */
export const addressesForUpdate = async (db: DbOrTx, userId: number) => {
  const [row] = await db.select({ email: users.email, pendingEmail: users.pendingEmail }).from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
};

/** The new address waiting for its link, or none (null). */
export const setPendingEmail = (db: DbOrTx, userId: number, pendingEmail: string | null, now: Date) =>
  db.update(users).set({ pendingEmail, updatedAt: now }).where(eq(users.id, userId));

/** The link of the new address was opened: it is the account's address from now on. */
export const applyEmailChange = (db: DbOrTx, userId: number, email: string, now: Date) =>
  db.update(users).set({ email, pendingEmail: null, updatedAt: now }).where(eq(users.id, userId));

/** The other links of a confirmed account are of no use any more. */
export const expireConfirmationTokensOfUser = (db: DbOrTx, userId: number, now: Date) =>
  db.update(emailConfirmationTokens).set({ usedAt: now }).where(and(eq(emailConfirmationTokens.userId, userId), isNull(emailConfirmationTokens.usedAt)));

/** Housekeeping: links that expired over a day ago. */
export const pruneConfirmationTokens = (db: DbOrTx, now: Date) =>
  db.delete(emailConfirmationTokens).where(lt(emailConfirmationTokens.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));

/** When the address was confirmed (null: not yet) and the new address waiting for its link. */
export const confirmationStatusOf = async (db: DbOrTx, userId: number) => {
  const [row] = await db.select({ at: users.emailConfirmedAt, pendingEmail: users.pendingEmail }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
};

export const accessRepo = repoOf({
  insertConfirmationToken,
  consumeConfirmationToken,
  markEmailConfirmed,
  addressesForUpdate,
  setPendingEmail,
  applyEmailChange,
  expireConfirmationTokensOfUser,
  confirmationStatusOf,
  pruneConfirmationTokens,
});
