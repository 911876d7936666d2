import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';
import { rateLimits } from '../db/schema';
import { expiredWindowStart, rateLimitedError, type RateLimitRule } from './rate-limit-rules';
import { sha256 } from './tokens';

export { rateLimitRules, type RateLimitRule } from './rate-limit-rules';

/**
 * Counts one attempt in a fixed window kept in the database (shared by every API process) and
 * throws 429 RATE_LIMITED with Retry-After once the window's limit is passed.
 * The subject (e-mail, address) is stored hashed: the table holds no personal data.
 */
export const consumeRateLimit = async (db: DbOrTx, rule: RateLimitRule, subject: string, now: Date) => {
  const key = `${rule.name}:${sha256(subject.toLowerCase())}`;
  const windowStart = expiredWindowStart(rule, now);
  const result = await db.execute(sql`
    insert into ${rateLimits} (key, window_start, count) values (${key}, ${now.toISOString()}, 1)
    on conflict (key) do update set
      window_start = case when ${rateLimits.windowStart} <= ${windowStart.toISOString()} then excluded.window_start else ${rateLimits.windowStart} end,
      count = case when ${rateLimits.windowStart} <= ${windowStart.toISOString()} then 1 else ${rateLimits.count} + 1 end
    returning window_start, count`);
  const [row] = rowsOf<{ window_start: string | Date; count: number }>(result);
  if (!row || Number(row.count) <= rule.limit) return;
  throw rateLimitedError(rule, row.window_start, now);
};

/** Drops windows that ended long ago (the longest rule is one hour). */
export const pruneRateLimits = (db: DbOrTx, now: Date) =>
  db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
