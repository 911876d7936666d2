import { z } from 'zod';
import { providerApiTypes, trackerProviders, type TrackerProviderName } from './tracker-providers';
import { endpoint, type Endpoint } from './common';
import { workoutFileEndpoints } from './workout-files';

/** The providers' names come from their one registry (src/api/contract/tracker-providers.ts). */
export const apiTypes = providerApiTypes;
/** "Service must be STRAVA, FITBIT or POLAR". */
export const API_TYPE_MESSAGE = `Service must be ${apiTypes.slice(0, -1).join(', ')} or ${apiTypes[apiTypes.length - 1]}`;
export const ApiType = z.enum(apiTypes, API_TYPE_MESSAGE);
export type ApiType = z.infer<typeof ApiType>;
/**
 * A connection's state: working, refused by the provider for good (connect again), no longer
 * configured here, or paused because the app's own set-up at the provider is wrong (the administrator's to fix).
 */
export const TrackerState = z.enum(['connected', 'reconnect_needed', 'unavailable', 'paused']);
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
/** The list of connected services, plus each one's state and last sync. */
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

/**
 * Strava's webhook callback (docs/trackers.md), called by Strava, not by the SPA. Subscription
 * validation: `GET ?hub.mode=subscribe&hub.challenge=...&hub.verify_token=...`, answered
 * `{"hub.challenge": ...}` only when the verify token is ours (else 403). Optional fields: a caller
 * without them is refused with the same 403, never told which part was wrong.
 */
const hubText = z.string().max(255);
export const StravaWebhookValidation = z.object({ 'hub.mode': hubText.optional(), 'hub.challenge': hubText.optional(), 'hub.verify_token': hubText.optional() });
export const StravaWebhookEcho = z.object({ 'hub.challenge': z.string() });
/** Strava's ids: numbers beyond 2^31 (activities) or their digits. */
const stravaId = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/, 'Must be an id')], 'Must be an id');
/**
 * One event as Strava posts it: an activity created, updated (`updates`: `title`, `type`, `private`)
 * or deleted, or an athlete's deauthorisation (`object_type: athlete`, `updates.authorized: "false"`).
 */
export const StravaEvent = z.object({
  object_type: z.enum(['activity', 'athlete'], 'object_type must be activity or athlete'),
  object_id: stravaId,
  aspect_type: z.enum(['create', 'update', 'delete'], 'aspect_type must be create, update or delete'),
  owner_id: stravaId,
  updates: z.record(z.string().max(100), z.union([z.string().max(1000), z.boolean(), z.number()])).optional(),
  subscription_id: z.number().int().optional(),
  event_time: z.number().int().optional(),
});
export type StravaEvent = z.infer<typeof StravaEvent>;
/** Strava only needs a 200 within two seconds; the event is applied by a job after the answer. */
export const WebhookReceived = z.object({});

/** The app's own set-up faults at a provider, which only the administrator can fix. */
export const OperatorFault = z.enum(['api_not_enabled', 'invalid_client', 'client_deleted', 'redirect_uri_mismatch', 'app_suspended', 'app_inactive', 'athlete_limit']);
export type OperatorFault = z.infer<typeof OperatorFault>;
const BudgetWindow = z.object({ limit: z.number().int().min(0), used: z.number().int().min(0), left: z.number().int().min(0) });
/** One provider on the admin tracker panel: its connections, last working sync, failures of the last 24 hours and budget left. */
export const TrackerProviderStatus = z.object({
  apiType: ApiType,
  configured: z.boolean(),
  /** Set while an operator fault is the latest news from the provider (no sync has worked since). */
  needsAdministrator: z.object({ reason: OperatorFault, since: z.string() }).nullable(),
  connections: z.object({ connected: z.number().int().min(0), reconnectNeeded: z.number().int().min(0) }),
  /** Athletes the provider lets this app serve, when known (Strava's Standard Tier: 10; STRAVA_ATHLETE_LIMIT). */
  athleteLimit: z.number().int().min(1).nullable().optional(),
  lastSuccessfulSyncAt: z.string().nullable(),
  failures: z.array(z.object({ reason: z.string(), operator: z.boolean(), count: z.number().int().min(1) })),
  /** What the provider last reported for the current windows; null before any answer in that window. */
  budget: z.object({ fifteenMinutes: BudgetWindow.nullable(), day: BudgetWindow.nullable() }),
});
export type TrackerProviderStatus = z.infer<typeof TrackerProviderStatus>;
export const TrackerPanel = z.object({ providers: z.array(TrackerProviderStatus) });
export type TrackerPanel = z.infer<typeof TrackerPanel>;

type ConnectEndpoint = ReturnType<typeof connectEndpoint>;
const connectEndpoint = (source: string) => endpoint({ method: 'POST', path: `/users/connect-${source}`, auth: 'user', body: ConnectCode, status: 200, response: ConnectedApis });
/** One return endpoint per provider (`/users/connect-<source>`), keyed `connect<Label>`: made from the registry. */
type ConnectEndpoints = { [P in TrackerProviderName as `connect${P['label']}`]: ConnectEndpoint };
const connectEndpoints = Object.fromEntries(trackerProviders.map((provider) => [`connect${provider.label}`, connectEndpoint(provider.source)])) as ConnectEndpoints;
/** The connect endpoint of one provider. */
export const connectEndpointOf = (apiType: ApiType): Endpoint & ConnectEndpoint => connectEndpoints[`connect${trackerProviders.find((provider) => provider.apiType === apiType)!.label}`];

/**
 * A provider's signed webhook (Polar: `Polar-Webhook-Signature`, an HMAC of the raw body): the body is
 * read by the provider's folder, which checks the signature over the bytes as sent.
 */
export const ProviderWebhookParams = z.object({ provider: z.string().max(40) });
export const ProviderWebhookBody = z.record(z.string(), z.unknown());

export const trackersEndpoints = {
  apis: endpoint({ method: 'GET', path: '/users/apis', auth: 'user', status: 200, response: ConnectedApis }),
  /** The provider's authorisation page for this employee, with a server-kept `state` (10 minutes, single use). */
  authorizeTracker: endpoint({ method: 'POST', path: '/users/tracker-authorization', auth: 'user', body: AuthorizeTracker, status: 200, response: TrackerAuthorization }),
  ...connectEndpoints,
  disconnectApi: endpoint({ method: 'DELETE', path: '/users/disconnect-api', auth: 'user', body: DisconnectApi, status: 200, response: ConnectedApis }),
  syncActivities: endpoint({ method: 'POST', path: '/users/sync-activities', auth: 'user', status: 200, response: SyncResult }),
  adminStatus: endpoint({ method: 'GET', path: '/admin/trackers', auth: 'admin', status: 200, response: TrackerPanel }),
  stravaWebhookValidation: endpoint({ method: 'GET', path: '/trackers/strava/webhook', auth: 'guest', query: StravaWebhookValidation, status: 200, response: StravaWebhookEcho }),
  stravaWebhookEvent: endpoint({ method: 'POST', path: '/trackers/strava/webhook', auth: 'guest', body: StravaEvent, status: 200, response: WebhookReceived }),
  /** Signed webhooks of the providers that push (Polar); Strava has its own, above (its events are not signed). */
  providerWebhook: endpoint({ method: 'POST', path: '/trackers/:provider/signed-webhook', auth: 'guest', params: ProviderWebhookParams, body: ProviderWebhookBody, rawBody: true, status: 200, response: WebhookReceived }),
  ...workoutFileEndpoints,
};
