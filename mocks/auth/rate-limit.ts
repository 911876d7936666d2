import { mockClock } from '../clock';
import { mockDb } from '../db';
import { expiredWindowStart, rateLimitedError, type RateLimitRule } from '@/domain/rate-limit-rules';

/** Same rules, windows and message as the API's http/rate-limit.ts: both come from @/domain/rate-limit-rules. */
export { rateLimitRules, type RateLimitRule } from '@/domain/rate-limit-rules';

/** In the browser every call comes from one address. */
export const MOCK_ADDRESS = '127.0.0.1';

const keyOf = (rule: RateLimitRule, subject: string) => `${rule.name}:${subject.toLowerCase()}`;
const isCurrent = (rule: RateLimitRule, windowStart: string, now: Date) =>
  new Date(windowStart).getTime() > expiredWindowStart(rule, now).getTime();

/** Adds `amount` to the subject's current window (a new one when the last ended); returns the row. */
export const addToWindow = (rule: RateLimitRule, subject: string, amount: number) => {
  const now = mockClock.now();
  const key = keyOf(rule, subject);
  let row = mockDb.rateLimits.find((entry) => entry.key === key);
  if (!row) {
    row = { key, windowStart: now.toISOString(), count: 0 };
    mockDb.rateLimits.push(row);
  }
  if (!isCurrent(rule, row.windowStart, now)) {
    row.windowStart = now.toISOString();
    row.count = 0;
  }
  row.count += amount;
  return row;
};

/** Counts `amount` in a fixed window; throws 429 RATE_LIMITED with Retry-After past the limit. */
export const consumeRateLimit = (rule: RateLimitRule, subject: string, amount = 1) => {
  const row = addToWindow(rule, subject, amount);
  if (row.count <= rule.limit) return;
  throw rateLimitedError(rule, row.windowStart, mockClock.now());
};

/** Throws 429 when the current window already holds `limit` (nothing is counted). */
export const assertUnderRateLimit = (rule: RateLimitRule, subject: string) => {
  const now = mockClock.now();
  const row = mockDb.rateLimits.find((entry) => entry.key === keyOf(rule, subject));
  if (row && isCurrent(rule, row.windowStart, now) && row.count >= rule.limit) throw rateLimitedError(rule, row.windowStart, now);
};

export const remember = (rule: RateLimitRule, subject: string) => {
  const row = addToWindow(rule, subject, 0);
  row.windowStart = mockClock.now().toISOString();
  row.count = 1;
};

export const isRemembered = (rule: RateLimitRule, subject: string) => {
  const row = mockDb.rateLimits.find((entry) => entry.key === keyOf(rule, subject));
  return row !== undefined && isCurrent(rule, row.windowStart, mockClock.now());
};
