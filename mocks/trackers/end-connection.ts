import type { ApiType } from '@/contract/trackers';
import { mockDb } from '../db';

export const mockSourceOf = { STRAVA: 'strava', FITBIT: 'fitbit' } as const;

/**
 * Ends a connection, as the server's disconnect does (modules/trackers/service.ts): the provider's
 * imports go too, and it is no longer a source of the other provider's rows.
 */
export const endMockConnection = (userId: number, service: ApiType) => {
  mockDb.trackerConnections = mockDb.trackerConnections.filter((connection) => !(connection.userId === userId && connection.service === service));
  const source = mockSourceOf[service];
  mockDb.activities = mockDb.activities
    .filter((row) => !(row.userId === userId && row.source === source))
    .map((row) => (row.userId === userId && row.alsoRecordedBy.includes(source) ? { ...row, alsoRecordedBy: row.alsoRecordedBy.filter((other) => other !== source) } : row));
};
