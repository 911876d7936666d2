import { connectEndpointOf, trackersEndpoints } from '@/contract/trackers';
import { trackerProviders } from '@/contract/tracker-providers';
import type { AppDeps } from '../../deps';
import { route, type RouteTable } from '../../http/route-table';
import { athleteLimitsOf, providerOf, providerRegistry } from '../../trackers/registry';
import { trackerPanel } from './admin-status';
import { registerTrackerJobs, trackerServiceOf } from './tasks';
import { signedWebhooks } from './signed-webhooks';
import { registerWorkoutFileRoutes } from './workout-files-routes';

/** Tracker connections of the signed-in employee (one connect endpoint per registered provider), the sync, and the providers' webhooks. */
export const registerTrackerRoutes = async (app: RouteTable, deps: AppDeps) => {
  const service = trackerServiceOf(deps, app.log);
  const webhooks = signedWebhooks({
    db: deps.db,
    trackers: deps.trackers,
    key: deps.config.tokenEncryptionKey,
    syncLater: (userId, apiType) => service.syncLater(userId, apiType),
  });

  route(app, trackersEndpoints.apis, ({ user }) => service.status(user.id));

  route(app, trackersEndpoints.authorizeTracker, ({ user, body }) => service.authorize(user.id, body.apiType));

  for (const { apiType } of trackerProviders) {
    route(app, connectEndpointOf(apiType), ({ user, body, request }) => service.connect(user.id, apiType, body, request.log));
  }

  route(app, trackersEndpoints.disconnectApi, ({ user, body, request }) => service.disconnect(user.id, body.apiType, request.log));

  route(app, trackersEndpoints.syncActivities, ({ user }) => service.syncAll(user.id));

  route(app, trackersEndpoints.adminStatus, () => trackerPanel(deps.db, deps.clock, deps.trackers, athleteLimitsOf(deps.config)));

  route(app, trackersEndpoints.providerWebhook, async ({ params, body, request }) => {
    await webhooks.receive(params.provider, request.rawBody ?? '', request.headers, body);
    return {};
  });

  // A provider's own routes (Strava's webhook): its events are kept in the service's inbox.
  for (const provider of providerRegistry) provider.routes?.(app, deps.config, (event) => service.queueStravaEvent(event));
  registerWorkoutFileRoutes(app, deps);
  registerTrackerJobs(deps, service, app.log, webhooks);
  // Known at start: a provider without a registered definition would fail here, not on a user's click.
  for (const { apiType } of trackerProviders) providerOf(apiType);
};
