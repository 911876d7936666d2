import { mockClock } from '../clock';
import { mockDb } from '../db';
import { expiredWindowStart, rateLimitedError, type RateLimitRule } from '../../server/auth/rate-limit-rules';

/** Same rules, windows and message as server/auth/rate-limit.ts: both come from server/auth/rate-limit-rules.ts. */
export { rateLimitRules, type RateLimitRule } from '../../server/auth/rate-limit-rules';

/** In the browser every call comes from one address. */
export const MOCK_ADDRESS = '127.0.0.1';

/** Counts one attempt in a fixed window; throws 429 RATE_LIMITED with Retry-After past the limit. */
export const consumeRateLimit = (rule: RateLimitRule, subject: string) => {
  const now = mockClock.now();
  const key = `${rule.name}:${subject.toLowerCase()}`;
  const windowStartLimit = expiredWindowStart(rule, now).getTime();
  let row = mockDb.rateLimits.find((entry) => entry.key === key);
  if (!row) {
    row = { key, windowStart: now.toISOString(), count: 0 };
    mockDb.rateLimits.push(row);
  }
  if (new Date(row.windowStart).getTime() <= windowStartLimit) {
    row.windowStart = now.toISOString();
    row.count = 0;
  }
  row.count += 1;
  if (row.count <= rule.limit) return;
  throw rateLimitedError(rule, row.windowStart, now);
};
