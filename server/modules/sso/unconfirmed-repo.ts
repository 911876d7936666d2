import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idempotencyKeys, users } from '../../db/schema';

/** SQL of replacing an unconfirmed account (unconfirmed-account.ts), run in its transaction. */

/** The employee account still waiting for its confirmation link, locked for the transaction; null once confirmed (or gone). */
export const lockUnconfirmedEmployee = async (tx: DbOrTx, userId: number) => {
  const [row] = await tx
    .select({ email: users.email, profilePicture: users.profilePicture })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'user'), isNull(users.emailConfirmedAt)))
    .for('update');
  return row ?? null;
};

/**
 * The rows of the account go (every user_id table by cascade: activities, events, steps, scores,
 * levels, team memberships, tracker links, exports, sessions), and so do its creation answers. An
 * open invitation for the address stays: it was sent to the owner.
 */
export const deleteUnconfirmedEmployee = async (tx: DbOrTx, userId: number) => {
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.scope, `user:${userId}`));
  await tx.delete(users).where(and(eq(users.id, userId), eq(users.role, 'user'), isNull(users.emailConfirmedAt)));
};
