import type { FastifyInstance } from 'fastify';
import { privacyEndpoints } from '@/contract/privacy';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { clearRefreshCookie } from '../auth/refresh-cookie';
import { privacyService } from './service';

/** 'Download my data' and 'Delete my account' (docs/access.md#privacy-self-service). */
export const registerPrivacyRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const service = privacyService(deps);
  route(app, deps, privacyEndpoints.exportStatus, ({ user }) => service.exportStatus(user.id));
  route(app, deps, privacyEndpoints.requestExport, ({ user }) => service.requestExport(user.id));
  route(app, deps, privacyEndpoints.downloadExport, ({ user }) => service.download(user.id));
  route(app, deps, privacyEndpoints.deleteAccount, async ({ user, body, request, reply }) => {
    await service.deleteOwnAccount(user, body.password, request.log);
    clearRefreshCookie(reply, deps.config);
  });
};
