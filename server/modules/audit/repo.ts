import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEvent } from '@/contract/audit';
import type { DbOrTx } from '../../db/client';
import { auditEvents, users } from '../../db/schema';
import { repoOf } from '../../db/repo-of';

export type AuditEntry = {
  at: Date;
  actor: { id: number; role: string } | null;
  action: AuditAction;
  subject: { id: number; firstName: string; lastName: string; email: string } | null;
  before?: unknown;
  after?: unknown;
  address?: string | null;
};

/** One entry, inside the caller's transaction: the trail holds exactly the changes that committed. */
export const audit = async (tx: DbOrTx, entry: AuditEntry) => {
  await tx.insert(auditEvents).values({
    at: entry.at,
    actorId: entry.actor?.id ?? null,
    actorRole: entry.actor?.role ?? null,
    action: entry.action,
    subjectId: entry.subject?.id ?? null,
    subjectName: entry.subject ? `${entry.subject.firstName} ${entry.subject.lastName}` : null,
    subjectEmail: entry.subject?.email ?? null,
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    address: entry.address ?? null,
  });
};

export type AuditFilter = { subjectId?: number; action?: AuditAction };

const whereOf = (filter: AuditFilter) => {
  const conditions: SQL[] = [];
  if (filter.subjectId) conditions.push(eq(auditEvents.subjectId, filter.subjectId));
  if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
  return conditions.length ? and(...conditions) : undefined;
};

const toEvent = (row: typeof auditEvents.$inferSelect): AuditEvent => ({
  id: row.id,
  at: row.at.toISOString(),
  actorId: row.actorId,
  actorRole: row.actorRole,
  action: row.action as AuditAction,
  subjectId: row.subjectId,
  subjectName: row.subjectName,
  subjectEmail: row.subjectEmail,
  before: row.before,
  after: row.after,
});

/** Newest first (at, id), a page of it and the count, in SQL. */
export const auditPage = async (db: DbOrTx, filter: AuditFilter, limit: number, offset: number) => {
  const where = whereOf(filter);
  const rows = await db.select().from(auditEvents).where(where).orderBy(desc(auditEvents.at), desc(auditEvents.id)).limit(limit).offset(offset);
  const [total] = await db.select({ value: count() }).from(auditEvents).where(where);
  return { rows: rows.map(toEvent), count: total?.value ?? 0 };
};

/** Every matching entry, 1,000 at a time (the CSV export). */
export async function* allAuditEvents(db: DbOrTx, filter: AuditFilter) {
  for (let offset = 0; ; offset += 1000) {
    const { rows } = await auditPage(db, filter, 1000, offset);
    yield* rows;
    if (rows.length < 1000) return;
  }
}

/** The subject snapshot of a user (names and e-mail are kept even after the user is deleted). */
export const subjectOf = async (tx: DbOrTx, userId: number) => {
  const [row] = await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId));
  return row ?? null;
};

/** The audit trail's queries on one handle (inside the writer's transaction for `audit`). */
export const auditRepo = repoOf({ audit, auditPage, allAuditEvents, subjectOf });
