import { AppError, badRequest } from './errors';
import { mockClock } from './clock';
import { mockDb } from './db';

/** Same rules as the API's http/idempotency.ts: 24 hours, per caller, 422 for another body. */
const TTL_MS = 24 * 60 * 60 * 1000;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

export const mockIdempotencyKeyOf = (request: Request) => {
  const key = request.headers.get('idempotency-key');
  if (key === null) return undefined;
  if (!KEY_FORMAT.test(key)) throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters');
  return key;
};

/** The stored first answer for this caller and key, or null; throws 422 when the body differs. */
export const storedAnswer = (scope: string, key: string, requestHash: string) => {
  const now = mockClock.now().getTime();
  const rows = (mockDb.idempotencyKeys ??= []);
  mockDb.idempotencyKeys = rows.filter((row) => now - new Date(row.createdAt).getTime() < TTL_MS);
  const row = mockDb.idempotencyKeys.find((entry) => entry.scope === scope && entry.key === key);
  if (!row) return null;
  if (row.requestHash !== requestHash) throw new AppError(422, 'CONFLICT', 'This Idempotency-Key was already used for a different request');
  return row;
};

export const storeAnswer = (scope: string, key: string, requestHash: string, status: number, body: unknown) => {
  (mockDb.idempotencyKeys ??= []).push({ scope, key, requestHash, status, body, createdAt: mockClock.now().toISOString() });
};
