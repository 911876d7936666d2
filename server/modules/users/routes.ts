import { assertPasswordSignin } from '../../http/password-signin';
import type { FastifyInstance } from 'fastify';
import { usersEndpoints } from '@/contract/users';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { usersService } from './service';

/**
 * Registers the users endpoints of the contract (src/api/contract). Admin users management here;
 * the quarterly bonus endpoint lives in modules/bonus.
 */
export const registerUsersRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const service = usersService(deps);
  route(app, deps, usersEndpoints.list, ({ query }) => service.list(query));
  route(app, deps, usersEndpoints.exportList, ({ query }) => service.exportList(query));
  route(app, deps, usersEndpoints.exportUser, ({ params }) => service.exportUser(params.id));
  route(app, deps, usersEndpoints.detail, ({ params }) => service.detail(params.id));
  route(app, deps, usersEndpoints.update, ({ params, body, user }) => service.update(user, params.id, body));
  route(app, deps, usersEndpoints.remove, ({ params, user, request }) => service.remove(user, params.id, request.log));
  route(app, deps, usersEndpoints.sendResetMail, ({ params, user }) => {
    assertPasswordSignin(deps.config);
    return service.sendResetMail(user, params.id);
  });
  route(app, deps, usersEndpoints.workouts, ({ params, query }) => service.workouts(params.id, query));
  route(app, deps, usersEndpoints.eventParticipation, ({ params, query }) => service.events(params.id, query));
  route(app, deps, usersEndpoints.dailyAchievements, ({ params, query }) => service.achievements(params.id, query));
};
