import { and, eq, isNull, lt } from 'drizzle-orm';
import type { HostRequest } from './host';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError, badRequest } from '@/domain/errors';
import { sha256 as hash } from './tokens';

/** How long a key answers with its first response. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a duplicate waits for the first request with its key to finish. */
const WAIT_FOR_FIRST_MS = 10_000;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

export type StoredAnswer = { status: number; body: string };

/** The caller's `Idempotency-Key`, checked; undefined when the request has none. */
export const idempotencyKeyOf = (request: HostRequest) => {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY_FORMAT.test(key)) throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters');
  return key;
};

const reused = () => new AppError(422, 'CONFLICT', 'This Idempotency-Key was already used for a different request');

/**
 * Runs a write at most once per (caller, key): the first request claims the key (a row with no
 * status yet), runs, and stores its 2xx answer; a repeat gets that answer again, a concurrent repeat
 * waits for it, and a repeat with another body is refused (422). A failed first attempt releases
 * the key, so the client may retry with it.
 */
export const idempotent = async (
  db: Db,
  scope: string,
  key: string,
  requestHash: string,
  now: () => Date,
  create: () => Promise<StoredAnswer>,
): Promise<StoredAnswer & { replayed: boolean }> => {
  const keyHash = hash(key);
  const match = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.keyHash, keyHash));
  const started = now();
  // A key older than the TTL is free again.
  await db.delete(idempotencyKeys).where(and(match, lt(idempotencyKeys.createdAt, new Date(started.getTime() - IDEMPOTENCY_TTL_MS))));
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ scope, keyHash, requestHash, createdAt: started })
    .onConflictDoNothing()
    .returning({ scope: idempotencyKeys.scope });
  if (claimed.length === 1) {
    try {
      const answer = await create();
      await db.update(idempotencyKeys).set({ status: answer.status, body: answer.body }).where(match);
      return { ...answer, replayed: false };
    } catch (error) {
      await db.delete(idempotencyKeys).where(and(match, isNull(idempotencyKeys.status)));
      throw error;
    }
  }
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const [row] = await db.select().from(idempotencyKeys).where(match);
    if (!row) return idempotent(db, scope, key, requestHash, now, create); // the first attempt failed: this one runs
    if (row.requestHash !== requestHash) throw reused();
    if (row.status !== null && row.body !== null) return { status: row.status, body: row.body, replayed: true };
    if (Date.now() > deadline) throw new AppError(409, 'CONFLICT', 'A request with this Idempotency-Key is still being processed');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

/**
 * The request's identity for its key: method, the path as sent (its ids: one key must not delete
 * another row) and body (multipart: the raw form's length and type).
 */
export const requestHashOf = (request: HostRequest) => {
  const body = request.form ? `${request.form.contentType}:${request.form.contentLength}` : JSON.stringify(request.body ?? null);
  return hash(`${request.method} ${request.url}\n${body}`);
};

export const pruneIdempotencyKeys = (db: Db, now: Date) => db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));

