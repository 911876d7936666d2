import { activityEndpoints as endpoints } from '@/contract/activity';
import type { AppDeps } from '../../deps';
import { route, type RouteTable } from '../../http/route-table';
import { activityService } from './service';

/**
 * Registers the employee's own activity endpoints (dashboard): month, activities, daily steps and
 * event participation. Feed and quarterly bonus live in their own modules.
 */
export const registerActivityRoutes = async (app: RouteTable, deps: AppDeps) => {
  const service = activityService(deps);

  route(app, endpoints.month, ({ user, query }) => service.month(user.id, query));
  route(app, endpoints.log, ({ user, body }) => service.log(user.id, body));
  route(app, endpoints.update, ({ user, params, body }) => service.update(user.id, params.id, body));
  route(app, endpoints.remove, ({ user, params }) => service.remove(user.id, params.id));
  route(app, endpoints.addSteps, ({ user, body }) => service.addSteps(user.id, body.date));
  route(app, endpoints.removeSteps, ({ user, body }) => service.removeSteps(user.id, body.date));
  route(app, endpoints.participatedEvents, ({ user, query }) => service.participatedEvents(user.id, query.date));
  route(app, endpoints.logEvent, ({ user, body }) => service.logEvent(user.id, body));
  route(app, endpoints.removeEvent, ({ user, params }) => service.removeEvent(user.id, params.id));
};
