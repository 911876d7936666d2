import { assertPasswordSignin } from '../../http/password-signin';
import { usersEndpoints } from '@/contract/users';
import type { AppDeps } from '../../deps';
import { route, type RouteTable } from '../../http/route-table';
import { usersService } from './service';

/**
 * Registers the users endpoints of the contract (src/api/contract). Admin users management here;
 * the quarterly bonus endpoint lives in modules/bonus.
 */
export const registerUsersRoutes = async (app: RouteTable, deps: AppDeps) => {
  const service = usersService(deps);
  route(app, usersEndpoints.list, ({ query }) => service.list(query));
  route(app, usersEndpoints.exportList, ({ query }) => service.exportList(query));
  route(app, usersEndpoints.exportUser, ({ params }) => service.exportUser(params.id));
  route(app, usersEndpoints.detail, ({ params }) => service.detail(params.id));
  route(app, usersEndpoints.update, ({ params, body, user }) => service.update(user, params.id, body));
  route(app, usersEndpoints.remove, ({ params, user, request }) => service.remove(user, params.id, request.log));
  route(app, usersEndpoints.sendResetMail, ({ params, user }) => {
    assertPasswordSignin(deps.config);
    return service.sendResetMail(user, params.id);
  });
  route(app, usersEndpoints.workouts, ({ params, query }) => service.workouts(params.id, query));
  route(app, usersEndpoints.eventParticipation, ({ params, query }) => service.events(params.id, query));
  route(app, usersEndpoints.dailyAchievements, ({ params, query }) => service.achievements(params.id, query));
};
