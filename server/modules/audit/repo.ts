import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditEvent, AuditSystem } from '@/contract/audit';
import type { DbOrTx } from '../../db/client';
import { auditEvents, users } from '../../db/schema';
import { repoOf } from '../../db/repo-of';

export type AuditEntry = {
  at: Date;
  /** The person who acted (an admin, or the employee themself), or the automatic part of the product that did. */
  actor: { id: number; role: string } | { system: AuditSystem };
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
    actorId: 'id' in entry.actor ? entry.actor.id : null,
    actorRole: 'id' in entry.actor ? entry.actor.role : null,
    actorSystem: 'system' in entry.actor ? entry.actor.system : null,
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

const actors = alias(users, 'actors');
const subjects = alias(users, 'subjects');

/** The people as they are now (joined by id): a rename shows everywhere, a deleted account keeps its snapshot. */
const listColumns = {
  event: auditEvents,
  actorFirstName: actors.firstName,
  actorLastName: actors.lastName,
  subjectNowId: subjects.id,
  subjectFirstName: subjects.firstName,
  subjectLastName: subjects.lastName,
  subjectEmailNow: subjects.email,
};

type ListRow = { event: typeof auditEvents.$inferSelect; actorFirstName: string | null; actorLastName: string | null; subjectNowId: number | null; subjectFirstName: string | null; subjectLastName: string | null; subjectEmailNow: string | null };

const toEvent = ({ event: row, ...joined }: ListRow): AuditEvent => {
  const subjectExists = joined.subjectNowId !== null;
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorRole: row.actorRole,
    actorName: joined.actorFirstName === null ? null : `${joined.actorFirstName} ${joined.actorLastName}`,
    actorSystem: row.actorSystem as AuditSystem | null,
    action: row.action as AuditAction,
    subjectId: row.subjectId,
    subjectName: subjectExists ? `${joined.subjectFirstName} ${joined.subjectLastName}` : row.subjectName,
    subjectEmail: subjectExists ? joined.subjectEmailNow : row.subjectEmail,
    subjectDeleted: row.subjectId !== null && !subjectExists,
    before: row.before,
    after: row.after,
  };
};

/** Newest first (at, id), a page of it and the count, in SQL; actor and employee joined by primary key. */
export const auditPage = async (db: DbOrTx, filter: AuditFilter, limit: number, offset: number) => {
  const where = whereOf(filter);
  const rows = await db
    .select(listColumns)
    .from(auditEvents)
    .leftJoin(actors, eq(actors.id, auditEvents.actorId))
    .leftJoin(subjects, eq(subjects.id, auditEvents.subjectId))
    .where(where)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit)
    .offset(offset);
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
  const [row] = await tx.select({ id: users.id, role: users.role, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId));
  return row ?? null;
};

/** An entry of what a person did to their own account (reset their password, confirmed their e-mail, accepted an invitation). */
export const auditOwnAction = async (tx: DbOrTx, userId: number, entry: Pick<AuditEntry, 'at' | 'action' | 'before' | 'after'>) => {
  const subject = await subjectOf(tx, userId);
  if (!subject) return;
  await audit(tx, { ...entry, actor: { id: subject.id, role: subject.role }, subject });
};

/** The audit trail's queries on one handle (inside the writer's transaction for `audit`). */
export const auditRepo = repoOf({ audit, auditPage, allAuditEvents, subjectOf, auditOwnAction });
