import type { FastifyInstance } from 'fastify';
import { activityEndpoints as endpoints } from '@/contract/activity';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { activityService } from './service';

/**
 * Registers the employee's own activity endpoints (dashboard): month, activities, daily steps and
 * event participation. Feed and quarterly bonus live in their own modules.
 */
export const registerActivityRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const service = activityService(deps);

  route(app, deps, endpoints.month, ({ user, query }) => service.month(user.id, query));
  route(app, deps, endpoints.log, ({ user, body }) => service.log(user.id, body));
  route(app, deps, endpoints.update, ({ user, params, body }) => service.update(user.id, params.id, body));
  route(app, deps, endpoints.remove, ({ user, params }) => service.remove(user.id, params.id));
  route(app, deps, endpoints.addSteps, ({ user, body }) => service.addSteps(user.id, body.date));
  route(app, deps, endpoints.removeSteps, ({ user, body }) => service.removeSteps(user.id, body.date));
  route(app, deps, endpoints.participatedEvents, ({ user, query }) => service.participatedEvents(user.id, query.date));
  route(app, deps, endpoints.logEvent, ({ user, body }) => service.logEvent(user.id, body));
  route(app, deps, endpoints.removeEvent, ({ user, params }) => service.removeEvent(user.id, params.id));
};
