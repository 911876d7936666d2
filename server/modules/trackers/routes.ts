import type { FastifyInstance } from 'fastify';
import { trackersEndpoints } from '@/contract/trackers';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { trackerService } from './service';

/** Tracker connections (Strava, Fitbit) of the signed-in employee, and the activity sync. */
export const registerTrackerRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const service = trackerService(deps);

  route(app, deps, trackersEndpoints.apis, async ({ user }) => ({ apis: await service.apis(user.id) }));

  route(app, deps, trackersEndpoints.connectStrava, async ({ user, body, request }) => ({ apis: await service.connect(user.id, 'STRAVA', body, request.log) }));

  route(app, deps, trackersEndpoints.connectFitbit, async ({ user, body, request }) => ({ apis: await service.connect(user.id, 'FITBIT', body, request.log) }));

  route(app, deps, trackersEndpoints.disconnectApi, async ({ user, body, request }) => ({ apis: await service.disconnect(user.id, body.apiType, request.log) }));

  route(app, deps, trackersEndpoints.syncActivities, async ({ user, request }) => service.sync(user.id, request.log));
};
