import type { HttpHandler } from 'msw';
import { trackersEndpoints, type ApiType, type ConnectedApis } from '@/contract/trackers';
import { toIsoDay } from '@/domain/competition';
import { syncRateLimit, trackerMessages, trackerNotConfigured, trackerPaused, trackerStateInvalid } from '@/domain/tracker-errors';
import { forbidden } from '../errors';
import { assertUnderRateLimit, consumeRateLimit } from '../auth/rate-limit';
import { mockClock } from '../clock';
import { mockDb, nextId, nowIso } from '../db';
import { mockRoute } from '../http';
import { randomHex } from '../random';
import { mockOperatorFaults } from '../trackers/operator-faults';
import { endMockConnection, mockSourceOf } from '../trackers/end-connection';

/**
 * Tracker connections (the API's trackers module). By default no tracker is configured (GET /config
 * answers null for both, as an unconfigured server does). QA mode (`npm run dev:mock`) switches on
 * the simulated provider: both services are offered, the "provider's page" agrees at once and
 * comes straight back to /strava or /fitbit with a code and the server-kept state, and each sync
 * brings one workout of yesterday per service, so connect, sync and disconnect work offline.
 * `?mockNeedsAdmin=` pauses a provider for a set-up fault (mocks/trackers/operator-faults.ts).
 */
export const simulatedTrackers = { enabled: false };

const STATE_TTL_MS = 10 * 60_000;
const returnPath = { STRAVA: '/strava', FITBIT: '/fitbit' } as const;

const statusOf = (userId: number): ConnectedApis => {
  const connections = mockDb.trackerConnections
    .filter((connection) => connection.userId === userId)
    .sort((a, b) => a.service.localeCompare(b.service));
  return {
    apis: connections.map((connection) => connection.service),
    services: connections.map((connection) => ({
      apiType: connection.service,
      state: !simulatedTrackers.enabled
        ? 'unavailable'
        : mockOperatorFaults.of(connection.service) && (connection.status ?? 'connected') === 'connected'
          ? 'paused'
          : (connection.status ?? 'connected'),
      lastSyncAt: connection.lastSyncedAt,
      lastAttemptAt: connection.lastAttemptAt ?? null,
      lastResult: connection.lastResult ?? null,
      lastAttemptOk: connection.lastAttemptOk ?? null,
    })),
  };
};

const requireSimulated = (service: ApiType) => {
  if (!simulatedTrackers.enabled) throw trackerNotConfigured(service);
};

/**
 * The simulated provider's one new workout: yesterday, 30 minutes, once per service and day. Both
 * services report the same workout (same start and length), so, as on the server, the second one
 * counts once: it becomes a source of the row the first one imported ("also recorded by").
 */
const importFrom = (userId: number, service: ApiType) => {
  const yesterday = new Date(mockClock.now().getTime() - 86_400_000);
  const externalId = `${service.toLowerCase()}-${toIsoDay(yesterday)}`;
  const source = mockSourceOf[service];
  if (mockDb.activities.some((row) => row.userId === userId && row.externalId === externalId)) return 0;
  const startAt = `${toIsoDay(yesterday)}T07:00:00.000Z`;
  const twin = mockDb.activities.find(
    (row) => row.userId === userId && row.source !== 'manual' && row.source !== source && row.startAt === startAt,
  );
  if (twin) {
    if (!twin.alsoRecordedBy.includes(source)) twin.alsoRecordedBy = [...twin.alsoRecordedBy, source].sort();
    return 0;
  }
  const now = nowIso();
  mockDb.activities.push({
    id: nextId('activities'),
    userId,
    name: service === 'STRAVA' ? 'Running' : 'Walking',
    movingTime: 30,
    startAt,
    startDate: toIsoDay(yesterday),
    source,
    externalId,
    alsoRecordedBy: [],
    createdAt: now,
    updatedAt: now,
  });
  return 1;
};

const syncOne = (userId: number, service: ApiType) => {
  const connection = mockDb.trackerConnections.find((row) => row.userId === userId && row.service === service)!;
  if ((connection.status ?? 'connected') === 'reconnect_needed')
    return { imported: 0, problem: connection.lastResult ?? trackerMessages.reconnect(service) };
  // Strictly later than the previous attempt (the SPA waits for the attempt to change).
  const previous = connection.lastAttemptAt ? Date.parse(connection.lastAttemptAt) : 0;
  const at = new Date(Math.max(mockClock.now().getTime(), previous + 1)).toISOString();
  connection.lastAttemptAt = at;
  // The provider refuses the app's set-up (QA's switch): the attempt fails as the server's would.
  if (mockOperatorFaults.of(service)) {
    connection.lastResult = trackerMessages.paused(service);
    connection.lastAttemptOk = false;
    return { imported: 0, problem: connection.lastResult };
  }
  const imported = importFrom(userId, service);
  connection.lastSyncedAt = at;
  connection.lastResult = trackerMessages.synced(imported);
  connection.lastAttemptOk = true;
  return { imported, problem: null };
};

const connect = (service: ApiType) =>
  mockRoute(service === 'STRAVA' ? trackersEndpoints.connectStrava : trackersEndpoints.connectFitbit, ({ user, body }) => {
    requireSimulated(service);
    const pending = mockDb.oauthStates?.find((row) => row.state === body.state && row.usedAt === null);
    if (!pending || pending.userId !== user.id || pending.service !== service || pending.expiresAt <= nowIso())
      throw trackerStateInvalid(service);
    pending.usedAt = nowIso();
    // A client secret or redirect URI the provider refuses fails the code exchange itself.
    const fault = mockOperatorFaults.of(service)?.reason;
    if (fault === 'invalid_client' || fault === 'redirect_uri_mismatch') throw trackerPaused(service);
    mockDb.trackerConnections = mockDb.trackerConnections.filter((row) => !(row.userId === user.id && row.service === service));
    mockDb.trackerConnections.push({
      userId: user.id,
      service,
      externalUserId: 'simulated',
      connectedAt: nowIso(),
      lastSyncedAt: null,
      status: 'connected',
      lastAttemptAt: null,
      lastResult: null,
      lastAttemptOk: null,
    });
    // The backfill, done at once here (the server runs it after answering).
    syncOne(user.id, service);
    return statusOf(user.id);
  });

/** The verify token the simulated provider's webhook subscription uses (QA mode only; the server's comes from STRAVA_WEBHOOK_VERIFY_TOKEN). */
export const SIMULATED_WEBHOOK_VERIFY_TOKEN = 'simulated-verify-token';

export const trackersHandlers: HttpHandler[] = [
  // Strava's webhook callback, answered as the server does: the challenge echoed only to the holder of the verify token.
  mockRoute(trackersEndpoints.stravaWebhookValidation, ({ query }) => {
    const challenge = query['hub.challenge'];
    if (
      !simulatedTrackers.enabled ||
      query['hub.mode'] !== 'subscribe' ||
      challenge === undefined ||
      query['hub.verify_token'] !== SIMULATED_WEBHOOK_VERIFY_TOKEN
    ) {
      throw forbidden('This webhook subscription is not ours');
    }
    return { 'hub.challenge': challenge };
  }),
  // Events are acknowledged; the simulated provider's workouts arrive through its syncs, so there is nothing to apply.
  mockRoute(trackersEndpoints.stravaWebhookEvent, () => ({})),

  mockRoute(trackersEndpoints.apis, ({ user }) => statusOf(user.id)),

  mockRoute(trackersEndpoints.authorizeTracker, ({ user, body, request }) => {
    requireSimulated(body.apiType);
    const state = randomHex(24);
    mockDb.oauthStates = [
      ...(mockDb.oauthStates ?? []),
      {
        state,
        userId: user.id,
        service: body.apiType,
        expiresAt: new Date(mockClock.now().getTime() + STATE_TTL_MS).toISOString(),
        usedAt: null,
      },
    ];
    // The simulated provider agrees at once: straight back to the return page.
    const back = new URL(returnPath[body.apiType], new URL(request.url).origin);
    back.search = new URLSearchParams({
      code: 'simulated-code',
      state,
      ...(body.apiType === 'STRAVA' ? { scope: 'read,activity:read_all' } : {}),
    }).toString();
    return { url: back.toString() };
  }),

  connect('STRAVA'),
  connect('FITBIT'),

  mockRoute(trackersEndpoints.disconnectApi, ({ user, body }) => {
    endMockConnection(user.id, body.apiType);
    return statusOf(user.id);
  }),

  // The server queues one job per working service; here the simulated provider answers at once,
  // so the statuses already hold the results when the SPA looks.
  mockRoute(trackersEndpoints.syncActivities, ({ user }) => {
    assertUnderRateLimit(syncRateLimit, String(user.id));
    const queued: ApiType[] = [];
    const problems: { apiType: ApiType; message: string }[] = [];
    for (const connection of mockDb.trackerConnections.filter((row) => row.userId === user.id)) {
      if (!simulatedTrackers.enabled)
        problems.push({ apiType: connection.service, message: trackerMessages.unavailable(connection.service) });
      else if ((connection.status ?? 'connected') === 'reconnect_needed')
        problems.push({ apiType: connection.service, message: connection.lastResult ?? trackerMessages.reconnect(connection.service) });
      else if (mockOperatorFaults.of(connection.service))
        problems.push({ apiType: connection.service, message: trackerMessages.paused(connection.service) });
      else {
        syncOne(user.id, connection.service);
        if (queued.length === 0) consumeRateLimit(syncRateLimit, String(user.id));
        queued.push(connection.service);
      }
    }
    return { queued, problems };
  }),

  // The admin tracker panel: the mocks make no provider calls, so no budget news; a set-up fault
  // QA switched on (mocks/trackers/operator-faults.ts) shows as the one refused call that paused it.
  mockRoute(trackersEndpoints.adminStatus, () => ({
    providers: (['STRAVA', 'FITBIT'] as const).map((apiType) => {
      const rows = mockDb.trackerConnections.filter((connection) => connection.service === apiType);
      const synced = rows.flatMap((row) => (row.lastSyncedAt ? [row.lastSyncedAt] : [])).sort();
      const fault = mockOperatorFaults.of(apiType);
      return {
        apiType,
        configured: simulatedTrackers.enabled,
        needsAdministrator: fault,
        connections: {
          connected: rows.filter((row) => (row.status ?? 'connected') === 'connected').length,
          reconnectNeeded: rows.filter((row) => row.status === 'reconnect_needed').length,
        },
        lastSuccessfulSyncAt: synced.at(-1) ?? null,
        failures: fault ? [{ reason: fault.reason, operator: true, count: 1 }] : [],
        budget: { fifteenMinutes: null, day: null },
      };
    }),
  })),
];
