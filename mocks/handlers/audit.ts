import type { HttpHandler } from 'msw';
import { auditEndpoints as endpoints, type AuditAction, type AuditEvent, type AuditSystem } from '@/contract/audit';
import { toIsoDay } from '@/domain/competition';
import { csvFileName } from '@/domain/csv';
import { mockClock } from '../clock';
import { mockDb, type MockAuditRow, type MockUser } from '../db';
import { mockRoute } from '../http';

type MockAuditEntry = { actor: { id: number; role: string } | { system: AuditSystem }; action: AuditAction; subject: MockUser | null; before?: unknown; after?: unknown };

/** Appends an entry like the API's modules/audit/repo.ts `audit` (names and e-mail kept as a snapshot). */
export const mockAudit = (entry: MockAuditEntry) => {
  const rows = (mockDb.auditEvents ??= []);
  rows.push({
    id: rows.length + 1,
    at: mockClock.now().toISOString(),
    actorId: 'id' in entry.actor ? entry.actor.id : null,
    actorRole: 'id' in entry.actor ? entry.actor.role : null,
    actorSystem: 'system' in entry.actor ? entry.actor.system : null,
    action: entry.action,
    subjectId: entry.subject?.id ?? null,
    subjectName: entry.subject ? `${entry.subject.firstName} ${entry.subject.lastName}` : null,
    subjectEmail: entry.subject?.email ?? null,
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
  });
};

/** What a person did to their own account: they are the actor. */
export const mockAuditOwnAction = (user: MockUser, action: AuditAction, states: { before?: unknown; after?: unknown } = {}) =>
  mockAudit({ actor: { id: user.id, role: user.role }, action, subject: user, ...states });

/** The people as they are now (like the API's join by id); a deleted account keeps its snapshot. */
const withPeople = (row: MockAuditRow): AuditEvent => {
  const actor = row.actorId === null ? undefined : mockDb.users.find((user) => user.id === row.actorId);
  const subject = row.subjectId === null ? undefined : mockDb.users.find((user) => user.id === row.subjectId);
  return {
    ...row,
    actorName: actor ? `${actor.firstName} ${actor.lastName}` : null,
    subjectName: subject ? `${subject.firstName} ${subject.lastName}` : row.subjectName,
    subjectEmail: subject ? subject.email : row.subjectEmail,
    subjectDeleted: row.subjectId !== null && !subject,
  };
};

const matching = (query: { subjectId?: number; action?: AuditAction }): AuditEvent[] =>
  (mockDb.auditEvents ?? [])
    .filter((event) => (!query.subjectId || event.subjectId === query.subjectId) && (!query.action || event.action === query.action))
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.id - a.id))
    .map(withPeople);

export const auditHandlers: HttpHandler[] = [
  mockRoute(endpoints.exportList, ({ query }) => ({
    fileName: csvFileName(['audit', query.action ?? 'all'], toIsoDay(mockClock.now())),
    header: ['When', 'Actor id', 'Actor role', 'Action', 'Subject id', 'Subject', 'Subject e-mail', 'Before', 'After'],
    rows: matching(query).map((event) => [
      event.at,
      event.actorId,
      event.actorRole,
      event.action,
      event.subjectId,
      event.subjectName,
      event.subjectEmail,
      event.before,
      event.after,
    ]),
  })),
  mockRoute(endpoints.list, ({ query }) => {
    const rows = matching(query);
    return { count: rows.length, rows: rows.slice((query.page - 1) * query.pageSize, query.page * query.pageSize) };
  }),
];
