import { z } from 'zod';
import { endpoint } from './common';

export const apiTypes = ['STRAVA', 'FITBIT'] as const;
export const ApiType = z.enum(apiTypes, 'Service must be STRAVA or FITBIT');
export type ApiType = z.infer<typeof ApiType>;
/** A connection's state: working, refused by the provider for good (connect again), or no longer configured here. */
export const TrackerState = z.enum(['connected', 'reconnect_needed', 'unavailable']);
export type TrackerState = z.infer<typeof TrackerState>;
export const TrackerStatus = z.object({
  apiType: ApiType,
  state: TrackerState,
  /** When the last successful import ended (ISO instant), null before the first. */
  lastSyncAt: z.string().nullable(),
  /** When the last attempt ended, successful or not. */
  lastAttemptAt: z.string().nullable(),
  /** What the last attempt said, in plain words ('3 activities imported', or why it failed). */
  lastResult: z.string().nullable(),
  /** Whether the last attempt worked (null before the first). */
  lastAttemptOk: z.boolean().nullable(),
});
export type TrackerStatus = z.infer<typeof TrackerStatus>;
/** The spec's list of connected services, plus each one's state and last sync. */
export const ConnectedApis = z.object({ apis: z.array(ApiType), services: z.array(TrackerStatus) });
export type ConnectedApis = z.infer<typeof ConnectedApis>;

export const ConnectCode = z.object({
  code: z.string().trim().min(1, 'Authorisation code is required').max(512, 'Authorisation code is too long'),
  /** The `state` the provider sent back: issued by POST /users/tracker-authorization, single use. */
  state: z.string().min(1, 'The connection state is missing. Please start connecting again').max(128),
  /** Strava reports the granted scope on the return URL (Google in its token answer). */
  scope: z.string().max(1000).optional(),
});
export const AuthorizeTracker = z.object({ apiType: ApiType });
export const TrackerAuthorization = z.object({ url: z.string() });
export const DisconnectApi = z.object({ apiType: ApiType });
/**
 * 'Sync now' queues one import job per working service and answers at once: `queued` lists them
 * (their results appear in GET /users/apis as each one's last attempt), `problems` the services
 * that cannot sync now and why (reconnect needed, no longer available).
 */
export const SyncResult = z.object({
  queued: z.array(ApiType),
  problems: z.array(z.object({ apiType: ApiType, message: z.string() })),
});

export const trackersEndpoints = {
  apis: endpoint({ method: 'GET', path: '/users/apis', auth: 'user', status: 200, response: ConnectedApis }),
  /** The provider's authorisation page for this employee, with a server-kept `state` (10 minutes, single use). */
  authorizeTracker: endpoint({ method: 'POST', path: '/users/tracker-authorization', auth: 'user', body: AuthorizeTracker, status: 200, response: TrackerAuthorization }),
  connectStrava: endpoint({ method: 'POST', path: '/users/connect-strava', auth: 'user', body: ConnectCode, status: 200, response: ConnectedApis }),
  connectFitbit: endpoint({ method: 'POST', path: '/users/connect-fitbit', auth: 'user', body: ConnectCode, status: 200, response: ConnectedApis }),
  disconnectApi: endpoint({ method: 'DELETE', path: '/users/disconnect-api', auth: 'user', body: DisconnectApi, status: 200, response: ConnectedApis }),
  syncActivities: endpoint({ method: 'POST', path: '/users/sync-activities', auth: 'user', status: 200, response: SyncResult }),
};
