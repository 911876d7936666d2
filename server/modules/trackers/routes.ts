import type { FastifyInstance } from 'fastify';
import { trackersEndpoints } from '@/contract/trackers';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { trackerPanel } from './admin-status';
import { registerTrackerJobs, trackerServiceOf } from './tasks';
import { registerStravaWebhook } from './strava-webhook-routes';

/** Tracker connections (Strava, Fitbit through Google Health) of the signed-in employee, the sync, and Strava's webhook. */
export const registerTrackerRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const service = trackerServiceOf(deps, app.log);

  route(app, deps, trackersEndpoints.apis, ({ user }) => service.status(user.id));

  route(app, deps, trackersEndpoints.authorizeTracker, ({ user, body }) => service.authorize(user.id, body.apiType));

  route(app, deps, trackersEndpoints.connectStrava, ({ user, body, request }) => service.connect(user.id, 'STRAVA', body, request.log));

  route(app, deps, trackersEndpoints.connectFitbit, ({ user, body, request }) => service.connect(user.id, 'FITBIT', body, request.log));

  route(app, deps, trackersEndpoints.disconnectApi, ({ user, body, request }) => service.disconnect(user.id, body.apiType, request.log));

  route(app, deps, trackersEndpoints.syncActivities, ({ user }) => service.syncAll(user.id));

  route(app, deps, trackersEndpoints.adminStatus, () => trackerPanel(deps.db, deps.clock, deps.trackers));

  registerStravaWebhook(app, deps, service);
  registerTrackerJobs(deps, service, app.log);
};
