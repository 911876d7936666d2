import { and, eq, gt, lt, notLike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';
import { rateLimits } from '../db/schema';
import { expiredWindowStart, rateLimitRules, rateLimitedError, type RateLimitRule } from '@/domain/rate-limit-rules';
import { sha256 } from './tokens';

export { rateLimitRules, type RateLimitRule } from '@/domain/rate-limit-rules';

/**
 * Counts one attempt in a fixed window kept in the database (shared by every API process) and
 * throws 429 RATE_LIMITED with Retry-After once the window's limit is passed.
 * The subject (e-mail, address) is stored hashed: the table holds no personal data.
 */
const keyOf = (rule: RateLimitRule, subject: string) => `${rule.name}:${sha256(subject.toLowerCase())}`;

/** Adds `amount` to the subject's current window (a new window when the last one ended); returns the row. */
const addToWindow = async (db: DbOrTx, rule: RateLimitRule, subject: string, now: Date, amount: number) => {
  const windowStart = expiredWindowStart(rule, now);
  const result = await db.execute(sql`
    insert into ${rateLimits} (key, window_start, count) values (${keyOf(rule, subject)}, ${now.toISOString()}, ${amount})
    on conflict (key) do update set
      window_start = case when ${rateLimits.windowStart} <= ${windowStart.toISOString()} then excluded.window_start else ${rateLimits.windowStart} end,
      count = case when ${rateLimits.windowStart} <= ${windowStart.toISOString()} then ${amount} else ${rateLimits.count} + ${amount} end
    returning window_start, count`);
  const [row] = rowsOf<{ window_start: string | Date; count: number }>(result);
  return row;
};

export const consumeRateLimit = async (db: DbOrTx, rule: RateLimitRule, subject: string, now: Date, amount = 1) => {
  const row = await addToWindow(db, rule, subject, now, amount);
  if (!row || Number(row.count) <= rule.limit) return;
  throw rateLimitedError(rule, row.window_start, now);
};

/** Throws 429 when the subject's current window already holds `limit` (nothing is counted). */
export const assertUnderRateLimit = async (db: DbOrTx, rule: RateLimitRule, subject: string, now: Date) => {
  const [row] = await db
    .select({ windowStart: rateLimits.windowStart, count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, keyOf(rule, subject)), gt(rateLimits.windowStart, expiredWindowStart(rule, now))));
  if (row && row.count >= rule.limit) throw rateLimitedError(rule, row.windowStart, now);
};

/** Counts one failure without throwing (the caller answers with its own error); returns the window's count. */
export const countFailure = async (db: DbOrTx, rule: RateLimitRule, subject: string, now: Date) => {
  const row = await addToWindow(db, rule, subject, now, 1);
  return Number(row?.count ?? 0);
};

/** Remembers a subject (e.g. an account's known address) for the rule's window. */
export const remember = async (db: DbOrTx, rule: RateLimitRule, subject: string, now: Date) => {
  await db
    .insert(rateLimits)
    .values({ key: keyOf(rule, subject), windowStart: now, count: 1 })
    .onConflictDoUpdate({ target: rateLimits.key, set: { windowStart: now, count: 1 } });
};

export const isRemembered = async (db: DbOrTx, rule: RateLimitRule, subject: string, now: Date) => {
  const [row] = await db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, keyOf(rule, subject)), gt(rateLimits.windowStart, expiredWindowStart(rule, now))));
  return row !== undefined;
};

/** Drops windows that ended long ago (the longest counting rule is one hour; known addresses last 30 days). */
export const pruneRateLimits = (db: DbOrTx, now: Date) =>
  db
    .delete(rateLimits)
    .where(
      or(
        and(lt(rateLimits.windowStart, new Date(now.getTime() - 24 * 60 * 60 * 1000)), notLike(rateLimits.key, `${rateLimitRules.signinKnownAddress.name}:%`)),
        lt(rateLimits.windowStart, expiredWindowStart(rateLimitRules.signinKnownAddress, now)),
      ),
    );
