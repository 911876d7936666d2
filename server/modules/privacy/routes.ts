import { privacyEndpoints } from '@/contract/privacy';
import type { AppDeps } from '../../deps';
import { route, type RouteTable } from '../../http/route-table';
import { clearRefreshCookie } from '../auth/refresh-cookie';
import { privacyService } from './service';

/** 'Download my data' and 'Delete my account' (docs/access.md#privacy-self-service). */
export const registerPrivacyRoutes = async (app: RouteTable, deps: AppDeps) => {
  const service = privacyService(deps);
  route(app, privacyEndpoints.exportStatus, ({ user }) => service.exportStatus(user.id));
  route(app, privacyEndpoints.requestExport, ({ user }) => service.requestExport(user.id));
  route(app, privacyEndpoints.downloadExport, ({ user }) => service.download(user.id));
  route(app, privacyEndpoints.deleteAccount, async ({ user, body, request, reply }) => {
    await service.deleteOwnAccount(user, body.password, request.log);
    clearRefreshCookie(reply, deps.config);
  });
};
