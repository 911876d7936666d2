import type { AuditQuery } from '@/contract/audit';
import { toIsoDay } from '@/domain/competition';
import { csvFileName, type CsvExport } from '@/domain/csv';
import type { AppDeps } from '../../deps';
import { auditRepo, type AuditFilter } from './repo';

import { AUDIT_CSV_HEADER, auditCsvRow } from '@/domain/audit-text';

/** The audit trail for admins: read and export only (other modules write entries through auditRepo in their transactions). */
export const auditService = ({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) => {
  const repo = auditRepo(db);
  return {
    list: (query: AuditQuery) => repo.auditPage(query, query.pageSize, (query.page - 1) * query.pageSize),

    exportList: (filter: AuditFilter): CsvExport => {
      async function* rows() {
        for await (const event of repo.allAuditEvents(filter)) {
          yield auditCsvRow(event);
        }
      }
      return { fileName: csvFileName(['audit', filter.action ?? 'all'], toIsoDay(clock.now())), header: AUDIT_CSV_HEADER, rows: rows() };
    },
  };
};
