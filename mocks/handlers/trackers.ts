import type { HttpHandler } from 'msw';
import { type ApiType } from '@/contract/trackers';
import { trackersEndpoints } from '@/contract/trackers';
import { syncRateLimit, trackerNotConfigured } from '@/domain/tracker-errors';
import { consumeRateLimit } from '../auth/rate-limit';
import { mockDb, nowIso } from '../db';
import { mockRoute } from '../http';

/** Sorted like the server's `order by service`. */
const apisOf = (userId: number): ApiType[] =>
  mockDb.trackerConnections
    .filter((connection) => connection.userId === userId)
    .map((connection) => connection.service)
    .sort();

/**
 * Tracker connections (the API's modules/trackers). Mock mode configures no tracker (GET /config answers
 * null for both), so connecting answers 400 TRACKER_NOT_CONFIGURED exactly as an unconfigured server
 * does; the list, disconnect and sync work on whatever the mock db holds.
 */
export const trackersHandlers: HttpHandler[] = [
  mockRoute(trackersEndpoints.apis, ({ user }) => ({ apis: apisOf(user.id) })),

  mockRoute(trackersEndpoints.connectStrava, () => {
    throw trackerNotConfigured('STRAVA');
  }),

  mockRoute(trackersEndpoints.connectFitbit, () => {
    throw trackerNotConfigured('FITBIT');
  }),

  mockRoute(trackersEndpoints.disconnectApi, ({ user, body }) => {
    mockDb.trackerConnections = mockDb.trackerConnections.filter((connection) => !(connection.userId === user.id && connection.service === body.apiType));
    return { apis: apisOf(user.id) };
  }),

  // No provider to ask in the browser: a sync imports nothing but is recorded, as on the server.
  mockRoute(trackersEndpoints.syncActivities, ({ user }) => {
    consumeRateLimit(syncRateLimit, String(user.id));
    const now = nowIso();
    for (const connection of mockDb.trackerConnections) if (connection.userId === user.id) connection.lastSyncedAt = now;
    return { imported: 0 };
  }),
];
