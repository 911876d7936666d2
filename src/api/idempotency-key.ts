/**
 * One Idempotency-Key per submitted form: the same creation (same endpoint, same body) sent again
 * within this window (a double click, a retry after a dropped connection or a token refresh) reuses
 * the key, so the server creates one row and answers the repeat with the first answer.
 */
const SAME_SUBMIT_MS = 10_000;
const recent = new Map<string, { key: string; at: number }>();

const newKey = () => (globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

export const idempotencyKeyFor = (path: string, body: unknown, now = Date.now()) => {
  for (const [signature, entry] of recent) if (now - entry.at > SAME_SUBMIT_MS) recent.delete(signature);
  const signature = `${path}\n${body instanceof FormData ? '' : JSON.stringify(body ?? null)}`;
  const existing = recent.get(signature);
  if (existing && !(body instanceof FormData)) return existing.key;
  const key = newKey();
  recent.set(signature, { key, at: now });
  return key;
};
