import type { FastifyInstance } from 'fastify';
import { auditEndpoints } from '@/contract/audit';
import { toIsoDay } from '@/domain/competition';
import { csvFileName } from '@/domain/csv';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { allAuditEvents, auditPage } from './repo';

export const AUDIT_CSV_HEADER = ['When', 'Actor id', 'Actor role', 'Action', 'Subject id', 'Subject', 'Subject e-mail', 'Before', 'After'];

/** The audit trail for admins: read and export only (no endpoint edits or deletes an entry). */
export const registerAuditRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  route(app, deps, auditEndpoints.list, ({ query }) => auditPage(deps.db, query, query.pageSize, (query.page - 1) * query.pageSize));
  route(app, deps, auditEndpoints.exportList, ({ query }) => {
    async function* rows() {
      for await (const event of allAuditEvents(deps.db, query)) {
        yield [event.at, event.actorId, event.actorRole, event.action, event.subjectId, event.subjectName, event.subjectEmail, event.before, event.after];
      }
    }
    return { fileName: csvFileName(['audit', query.action ?? 'all'], toIsoDay(deps.clock.now())), header: AUDIT_CSV_HEADER, rows: rows() };
  });
};
