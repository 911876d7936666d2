import type { HttpHandler } from 'msw';
import { auditEndpoints as endpoints, type AuditAction, type AuditEvent } from '@/contract/audit';
import { toIsoDay } from '@/domain/competition';
import { csvFileName } from '@/domain/csv';
import { mockClock } from '../clock';
import { mockDb, type MockUser } from '../db';
import { mockRoute } from '../http';

/** Appends an entry like the API's modules/audit/repo.ts `audit` (names and e-mail kept as a snapshot). */
export const mockAudit = (entry: {
  actor: { id: number; role: string } | null;
  action: AuditAction;
  subject: MockUser | null;
  before?: unknown;
  after?: unknown;
}) => {
  const rows = (mockDb.auditEvents ??= []);
  rows.push({
    id: rows.length + 1,
    at: mockClock.now().toISOString(),
    actorId: entry.actor?.id ?? null,
    actorRole: entry.actor?.role ?? null,
    action: entry.action,
    subjectId: entry.subject?.id ?? null,
    subjectName: entry.subject ? `${entry.subject.firstName} ${entry.subject.lastName}` : null,
    subjectEmail: entry.subject?.email ?? null,
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
  });
};

const matching = (query: { subjectId?: number; action?: AuditAction }): AuditEvent[] =>
  (mockDb.auditEvents ?? [])
    .filter((event) => (!query.subjectId || event.subjectId === query.subjectId) && (!query.action || event.action === query.action))
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.id - a.id));

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
