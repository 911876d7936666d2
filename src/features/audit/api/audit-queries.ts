import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { REREAD_WHEN_OPENED_MS } from '../../../api/freshness';
import { auditEndpoints } from '../../../api/contract/audit';
import type { AuditView } from '../audit-view';

export const AUDIT_PAGE_SIZE = 20;

/** The one query-key factory of the audit screen. */
export const auditQueries = {
  all: () => ['audit'] as const,
  list: (view: AuditView) =>
    queryOptions({
      queryKey: [...auditQueries.all(), 'list', view] as const,
      queryFn: ({ signal }) => callApi(auditEndpoints.list, { query: { page: view.page, pageSize: AUDIT_PAGE_SIZE, subjectId: view.subjectId, action: view.action }, signal }),
      staleTime: REREAD_WHEN_OPENED_MS,
    }),
};
