import { phoneAppsEndpoints } from '@/contract/phone-apps';
import type { AppDeps } from '../../deps';
import { route, type RouteTable } from '../../http/route-table';
import { trackerServiceOf } from '../trackers/tasks';
import { phoneAppsService } from './service';

/** 'Connect a phone app' on the profile, and the import endpoints phone apps post to (docs/trackers.md#phone-apps). */
export const registerPhoneAppRoutes = async (app: RouteTable, deps: AppDeps) => {
  const trackers = trackerServiceOf(deps, app.log);
  const service = phoneAppsService({ db: deps.db, clock: deps.clock, recountTwins: (userId, orphans) => trackers.recountTwins(userId, orphans) });

  route(app, phoneAppsEndpoints.tokens, ({ user }) => service.list(user.id));
  route(app, phoneAppsEndpoints.createToken, ({ user, body }) => service.create(user.id, body.name));
  route(app, phoneAppsEndpoints.revokeToken, ({ user, params }) => service.revoke(user.id, params.id));

  // The caller here is the import token's employee (server/http/import-token.ts), never a session.
  route(app, phoneAppsEndpoints.healthAutoExport, ({ user, body }) => service.importPush(user, body, 'health-auto-export'));
  route(app, phoneAppsEndpoints.phoneApp, ({ user, body }) => service.importPush(user, body, 'phone'));
};
