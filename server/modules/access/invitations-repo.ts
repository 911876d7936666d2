import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invitations } from '../../db/access-schema';
import { repoOf } from '../../db/repo-of';
import { users } from '../../db/schema';

export type InvitationRow = typeof invitations.$inferSelect;
export type NewInvitation = Pick<typeof invitations.$inferInsert, 'email' | 'firstName' | 'lastName' | 'levelOfCompetition' | 'tokenHash' | 'invitedBy' | 'createdAt' | 'sentAt' | 'expiresAt' | 'teamId'>;

export const accountEmailsAmong = async (db: DbOrTx, emails: string[]) => {
  if (emails.length === 0) return new Set<string>();
  const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  return new Set(rows.map((row) => row.email));
};

export const invitationsByEmails = async (db: DbOrTx, emails: string[]) => {
  if (emails.length === 0) return [];
  return db.select().from(invitations).where(inArray(invitations.email, emails));
};

/**
 * Inserts invitations, or renews the row of an address whose invitation expired or was accepted by
 * an account deleted since (a revoked one stays revoked): a fresh link, mail owed. Their ids.
 */
export const upsertInvitations = async (db: DbOrTx, rows: NewInvitation[]) => {
  if (rows.length === 0) return [];
  const fresh = (column: string) => sql.raw(`excluded.${column}`);
  const saved = await db
    .insert(invitations)
    .values(rows.map((row) => ({ ...row, mailedAt: null })))
    .onConflictDoUpdate({
      target: invitations.email,
      set: {
        firstName: fresh('first_name'),
        lastName: fresh('last_name'),
        levelOfCompetition: fresh('level_of_competition'),
        tokenHash: fresh('token_hash'),
        invitedBy: fresh('invited_by'),
        sentAt: fresh('sent_at'),
        expiresAt: fresh('expires_at'),
        teamId: fresh('team_id'),
        mailedAt: null,
        acceptedAt: null,
        revokedAt: null,
      },
    })
    .returning({ id: invitations.id });
  return saved.map((row) => row.id);
};

export const invitationsPage = async (db: DbOrTx, page: number, pageSize: number) => {
  const rows = await db.select().from(invitations).orderBy(desc(invitations.createdAt), desc(invitations.id)).limit(pageSize).offset((page - 1) * pageSize);
  const [total] = await db.select({ total: count() }).from(invitations);
  return { rows, count: total?.total ?? 0 };
};

export const findInvitation = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(invitations).where(eq(invitations.id, id)).limit(1);
  return row ?? null;
};

/** A live link's invitation (not accepted, not revoked, not expired), or null. */
export const findUsableInvitation = async (db: DbOrTx, tokenHash: string, now: Date) => {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.tokenHash, tokenHash), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now)))
    .limit(1);
  return row ?? null;
};

/** A new link for the row (the mail job's token, or a resend's renewal). */
export const renewInvitationLink = (db: DbOrTx, id: number, tokenHash: string, now: Date, expiresAt: Date, mailed: boolean) =>
  db.update(invitations).set({ tokenHash, sentAt: now, expiresAt, mailedAt: mailed ? now : null }).where(eq(invitations.id, id));

export const markInvitationMailed = (db: DbOrTx, id: number, now: Date) => db.update(invitations).set({ mailedAt: now }).where(eq(invitations.id, id));

export const revokeInvitation = (db: DbOrTx, id: number, now: Date) => db.update(invitations).set({ revokedAt: now }).where(and(eq(invitations.id, id), isNull(invitations.revokedAt)));

/** Uses the link up atomically: two tabs submitting at once create one account. */
export const acceptInvitation = async (db: DbOrTx, tokenHash: string, now: Date) => {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: now })
    .where(and(eq(invitations.tokenHash, tokenHash), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now)))
    .returning();
  return row ?? null;
};

export const invitationsRepo = repoOf({
  accountEmailsAmong,
  invitationsByEmails,
  upsertInvitations,
  invitationsPage,
  findInvitation,
  findUsableInvitation,
  renewInvitationLink,
  markInvitationMailed,
  revokeInvitation,
  acceptInvitation,
});
