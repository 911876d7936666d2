import type { AuditQuery } from '@/contract/audit';
import { toIsoDay } from '@/domain/competition';
import { csvFileName, type CsvExport } from '@/domain/csv';
import type { AppDeps } from '../../deps';
import { auditRepo, type AuditFilter } from './repo';

export const AUDIT_CSV_HEADER = ['When', 'Actor id', 'Actor role', 'Action', 'Subject id', 'Subject', 'Subject e-mail', 'Before', 'After'];

/** The audit trail for admins: read and export only (other modules write entries through auditRepo in their transactions). */
export const auditService = ({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) => {
  const repo = auditRepo(db);
  return {
    list: (query: AuditQuery) => repo.auditPage(query, query.pageSize, (query.page - 1) * query.pageSize),

    exportList: (filter: AuditFilter): CsvExport => {
      async function* rows() {
        for await (const event of repo.allAuditEvents(filter)) {
          yield [event.at, event.actorId, event.actorRole, event.action, event.subjectId, event.subjectName, event.subjectEmail, event.before, event.after];
        }
      }
      return { fileName: csvFileName(['audit', filter.action ?? 'all'], toIsoDay(clock.now())), header: AUDIT_CSV_HEADER, rows: rows() };
    },
  };
};
