import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from '../errors';
import { sha256 } from './tokens';

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

/** Limits of DESIGN 3: strict per account, generous per address (a whole office shares one). */
export const rateLimitRules = {
  signinPerAccount: { name: 'signin:account', limit: 10, windowSeconds: 15 * 60 },
  signinPerAddress: { name: 'signin:address', limit: 300, windowSeconds: 15 * 60 },
  forgotPerAccount: { name: 'forgot:account', limit: 5, windowSeconds: 60 * 60 },
  forgotPerAddress: { name: 'forgot:address', limit: 100, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

export const rateLimitedMessage = (retryAfterSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
};

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * Counts one attempt in a fixed window kept in the database (shared by every API process) and
 * throws 429 RATE_LIMITED with Retry-After once the window's limit is passed.
 * The subject (e-mail, address) is stored hashed: the table holds no personal data.
 */
export const consumeRateLimit = async (db: DbOrTx, rule: RateLimitRule, subject: string, now: Date) => {
  const key = `${rule.name}:${sha256(subject.toLowerCase())}`;
  const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
  const result = await db.execute(sql`
    insert into ${rateLimits} (key, window_start, count) values (${key}, ${now.toISOString()}, 1)
    on conflict (key) do update set
      window_start = case when ${rateLimits.windowStart} <= ${windowStart.toISOString()} then excluded.window_start else ${rateLimits.windowStart} end,
      count = case when ${rateLimits.windowStart} <= ${windowStart.toISOString()} then 1 else ${rateLimits.count} + 1 end
    returning window_start, count`);
  const [row] = rowsOf<{ window_start: string | Date; count: number }>(result);
  if (!row || Number(row.count) <= rule.limit) return;
  const endsAt = new Date(row.window_start).getTime() + rule.windowSeconds * 1000;
  const retryAfter = Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
  throw new AppError(429, 'RATE_LIMITED', rateLimitedMessage(retryAfter), { 'retry-after': String(retryAfter) });
};

/** Drops windows that ended long ago (the longest rule is one hour). */
export const pruneRateLimits = (db: DbOrTx, now: Date) =>
  db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
