import type { FastifyInstance } from 'fastify';
import { usersEndpoints } from '@/contract/users';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { trackerService } from './service';

/** Tracker connections (Strava, Fitbit) of the signed-in employee, and the activity sync. */
export const registerTrackerRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const service = trackerService(deps);

  route(app, deps, usersEndpoints.apis, async ({ user }) => ({ apis: await service.apis(user.id) }));

  route(app, deps, usersEndpoints.connectStrava, async ({ user, body, request }) => ({ apis: await service.connect(user.id, 'STRAVA', body, request.log) }));

  route(app, deps, usersEndpoints.connectFitbit, async ({ user, body, request }) => ({ apis: await service.connect(user.id, 'FITBIT', body, request.log) }));

  route(app, deps, usersEndpoints.disconnectApi, async ({ user, body, request }) => ({ apis: await service.disconnect(user.id, body.apiType, request.log) }));

  route(app, deps, usersEndpoints.syncActivities, async ({ user, request }) => service.sync(user.id, request.log));
};
