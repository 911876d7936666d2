import type { FastifyInstance } from 'fastify';
import { auditEndpoints } from '@/contract/audit';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { auditService } from './service';

/** The audit trail for admins: read and export only (no endpoint edits or deletes an entry). */
export const registerAuditRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const service = auditService(deps);
  route(app, deps, auditEndpoints.list, ({ query }) => service.list(query));
  route(app, deps, auditEndpoints.exportList, ({ query }) => service.exportList(query));
};
