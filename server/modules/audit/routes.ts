import { auditEndpoints } from '@/contract/audit';
import type { AppDeps } from '../../deps';
import { route, type RouteTable } from '../../http/route-table';
import { auditService } from './service';

/** The audit trail for admins: read and export only (no endpoint edits or deletes an entry). */
export const registerAuditRoutes = async (app: RouteTable, deps: AppDeps) => {
  const service = auditService(deps);
  route(app, auditEndpoints.list, ({ query }) => service.list(query));
  route(app, auditEndpoints.exportList, ({ query }) => service.exportList(query));
};
