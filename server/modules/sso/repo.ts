import { and, eq, gt, isNull } from 'drizzle-orm';
import { invitations } from '../../db/access-schema';
import type { DbOrTx } from '../../db/client';
import { repoOf } from '../../db/repo-of';
import { users } from '../../db/schema';
import { deleteUnconfirmedEmployee, lockUnconfirmedEmployee } from './unconfirmed-repo';

const usable = (email: string, now: Date) => and(eq(invitations.email, email), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now));

/** The address's open invitation (its link unused, not revoked, not expired), or null. */
export const findOpenInvitationByEmail = async (db: DbOrTx, email: string, now: Date) => {
  const [row] = await db.select().from(invitations).where(usable(email, now)).limit(1);
  return row ?? null;
};

/** Uses the invitation up atomically (a concurrent acceptance by its mail link wins or loses as a whole). */
export const acceptInvitationByEmail = async (db: DbOrTx, email: string, now: Date) => {
  const [row] = await db.update(invitations).set({ acceptedAt: now }).where(usable(email, now)).returning();
  return row ?? null;
};

/**
 * The provider vouched for the address: an account that had not opened its confirmation link is
 * confirmed now and loses its password, which whoever created it chose (maybe not the address's
 * owner: a pre-account takeover). Whether it had one, or null when it was confirmed already.
 */
export const claimUnconfirmedBySso = async (db: DbOrTx, userId: number, now: Date) => {
  const [before] = await db.select({ passwordHash: users.passwordHash }).from(users).where(and(eq(users.id, userId), isNull(users.emailConfirmedAt))).for('update');
  if (!before) return null;
  await db.update(users).set({ emailConfirmedAt: now, passwordHash: '', updatedAt: now }).where(eq(users.id, userId));
  return { hadPassword: before.passwordHash.length > 0 };
};

export const ssoRepo = repoOf({ findOpenInvitationByEmail, acceptInvitationByEmail, claimUnconfirmedBySso, lockUnconfirmedEmployee, deleteUnconfirmedEmployee });
