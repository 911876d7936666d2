import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailConfirmationTokens } from '../../db/access-schema';
import { repoOf } from '../../db/repo-of';
import { users } from '../../db/schema';

export const insertConfirmationToken = (db: DbOrTx, row: typeof emailConfirmationTokens.$inferInsert) => db.insert(emailConfirmationTokens).values(row);

/** Uses up a live link atomically (single use under concurrent clicks); its user, or null. */
export const consumeConfirmationToken = async (db: DbOrTx, tokenHash: string, now: Date) => {
  const [row] = await db
    .update(emailConfirmationTokens)
    .set({ usedAt: now })
    .where(and(eq(emailConfirmationTokens.tokenHash, tokenHash), isNull(emailConfirmationTokens.usedAt), gt(emailConfirmationTokens.expiresAt, now)))
    .returning({ userId: emailConfirmationTokens.userId });
  return row?.userId ?? null;
};

/** Confirms once: a second link of the same account leaves the first confirmation time. */
export const markEmailConfirmed = (db: DbOrTx, userId: number, now: Date) =>
  db.update(users).set({ emailConfirmedAt: now }).where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));

/** The other links of a confirmed account are of no use any more. */
export const expireConfirmationTokensOfUser = (db: DbOrTx, userId: number, now: Date) =>
  db.update(emailConfirmationTokens).set({ usedAt: now }).where(and(eq(emailConfirmationTokens.userId, userId), isNull(emailConfirmationTokens.usedAt)));

export const emailConfirmedAt = async (db: DbOrTx, userId: number) => {
  const [row] = await db.select({ at: users.emailConfirmedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? row.at : undefined;
};

/** Housekeeping: links that expired over a day ago. */
export const pruneConfirmationTokens = (db: DbOrTx, now: Date) =>
  db.delete(emailConfirmationTokens).where(lt(emailConfirmationTokens.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));

export const accessRepo = repoOf({ insertConfirmationToken, consumeConfirmationToken, markEmailConfirmed, expireConfirmationTokensOfUser, emailConfirmedAt, pruneConfirmationTokens });
