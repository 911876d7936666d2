import { mockClock } from '../clock';
import { mockDb } from '../db';
import { AppError } from '../errors';

/** Same rules, windows and message as server/auth/rate-limit.ts. */
export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

export const rateLimitRules = {
  signinPerAccount: { name: 'signin:account', limit: 10, windowSeconds: 15 * 60 },
  signinPerAddress: { name: 'signin:address', limit: 300, windowSeconds: 15 * 60 },
  forgotPerAccount: { name: 'forgot:account', limit: 5, windowSeconds: 60 * 60 },
  forgotPerAddress: { name: 'forgot:address', limit: 100, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

/** In the browser every call comes from one address. */
export const MOCK_ADDRESS = '127.0.0.1';

export const rateLimitedMessage = (retryAfterSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
};

/** Counts one attempt in a fixed window; throws 429 RATE_LIMITED with Retry-After past the limit. */
export const consumeRateLimit = (rule: RateLimitRule, subject: string) => {
  const now = mockClock.now();
  const key = `${rule.name}:${subject.toLowerCase()}`;
  const windowStartLimit = now.getTime() - rule.windowSeconds * 1000;
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
  const endsAt = new Date(row.windowStart).getTime() + rule.windowSeconds * 1000;
  const retryAfter = Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
  throw new AppError(429, 'RATE_LIMITED', rateLimitedMessage(retryAfter), { 'retry-after': String(retryAfter) });
};
