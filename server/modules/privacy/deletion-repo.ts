import { and, eq, sql } from 'drizzle-orm';
import type { AuditSystem } from '@/contract/audit';
import { deletedAccountName } from '@/domain/privacy';
import type { DbOrTx } from '../../db/client';
import { invitations } from '../../db/access-schema';
import { auditEvents, idempotencyKeys, users } from '../../db/schema';

/** SQL of an account deletion (docs/product-rules.md#account-deletion), run in the deleting transaction. */

/** The account to delete (employees only), locked for the rest of the transaction; null when there is none. */
export const findAccountForUpdate = async (tx: DbOrTx, userId: number) => {
  const [row] = await tx
    .select({ email: users.email, profilePicture: users.profilePicture })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'user')))
    .for('update');
  return row ?? null;
};

/** The stored password hash (empty or null for an account that has none). */
export const passwordHashOf = async (db: DbOrTx, userId: number) => {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return (row?.passwordHash as string | null | undefined) ?? null;
};

/**
 * The person's audit entries keep when, who and what, but lose their name, e-mail, before/after
 * states and address: the trail's trigger lets exactly this update through, for this transaction
 * only (server/db/functions/audit-trail.sql).
 */
export const anonymiseAuditEntries = async (tx: DbOrTx, userId: number) => {
  await tx.execute(sql`select set_config('wellness.audit_anonymise', 'on', true)`);
  await tx
    .update(auditEvents)
    .set({ subjectName: deletedAccountName(userId), subjectEmail: null, before: null, after: null, address: null })
    .where(eq(auditEvents.subjectId, userId));
  await tx.execute(sql`select set_config('wellness.audit_anonymise', 'off', true)`);
};

/** Who deleted an account: its owner, an admin, or single sign-on replacing one made in the owner's name. */
export type DeletedBy = 'self' | 'admin' | 'sso-claim';

/** The one entry a deletion leaves: the account's number and who deleted it, nothing personal. */
export const recordDeletion = (tx: DbOrTx, at: Date, actor: { id: number; role: string } | { system: AuditSystem }, userId: number, deletedBy: DeletedBy) =>
  tx.insert(auditEvents).values({
    at,
    actorId: 'id' in actor ? actor.id : null,
    actorRole: 'id' in actor ? actor.role : null,
    actorSystem: 'system' in actor ? actor.system : null,
    action: 'user.delete',
    subjectId: userId,
    subjectName: deletedAccountName(userId),
    after: JSON.stringify({ deletedBy }),
  });

/**
 * Rows that name the person without a user_id: the invitation they accepted (their name and
 * e-mail) and the stored answers of their creation requests. Then the user row itself: every
 * table with a user_id follows through ON DELETE CASCADE, and the score rows' deletion updates
 * the overview groups (insight_months triggers), so leaderboards and charts recompute in this transaction.
 */
export const deletePersonRows = async (tx: DbOrTx, userId: number, email: string) => {
  await tx.delete(invitations).where(eq(invitations.email, email));
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.scope, `user:${userId}`));
  await tx.delete(users).where(and(eq(users.id, userId), eq(users.role, 'user')));
};
