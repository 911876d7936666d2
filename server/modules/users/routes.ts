import type { FastifyInstance } from 'fastify';
import { usersEndpoints } from '@/contract/users';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { exportUser, exportUsers } from './export-service';
import { deleteUser, getUser, listUsers, sendResetMail, updateUser, userAchievements, userEvents, userWorkouts } from './admin-service';

/**
 * Registers the users endpoints of the contract (src/api/contract). Admin users management here;
 * the quarterly bonus endpoint lives in modules/bonus.
 */
export const registerUsersRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  route(app, deps, usersEndpoints.list, ({ query }) => listUsers(deps, query));
  route(app, deps, usersEndpoints.exportList, ({ query }) => exportUsers(deps, query));
  route(app, deps, usersEndpoints.exportUser, ({ params }) => exportUser(deps, params.id));
  route(app, deps, usersEndpoints.detail, ({ params }) => getUser(deps, params.id));
  route(app, deps, usersEndpoints.update, ({ params, body, user }) => updateUser(deps, user, params.id, body));
  route(app, deps, usersEndpoints.remove, ({ params, user, request }) => deleteUser(deps, user, params.id, request.log));
  route(app, deps, usersEndpoints.sendResetMail, ({ params, user }) => sendResetMail(deps, user, params.id));
  route(app, deps, usersEndpoints.workouts, ({ params, query }) => userWorkouts(deps, params.id, query));
  route(app, deps, usersEndpoints.eventParticipation, ({ params, query }) => userEvents(deps, params.id, query));
  route(app, deps, usersEndpoints.dailyAchievements, ({ params, query }) => userAchievements(deps, params.id, query));
};
