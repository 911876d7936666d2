import type { Clock } from '@/domain/clock';
import type { Db } from '../../db/client';
import { nextQuarterHour, ProviderError, type ProviderBudget } from '../../trackers/providers/provider-request';
import { trackersRepo, type BudgetWindow } from './repo';

/**
 * The app-wide request budget per provider, in the database so every API process shares it.
 * Strava reports its limits and our usage on every answer: `X-RateLimit-Limit: 200,2000` and
 * `X-RateLimit-Usage: 34,300` (15 minutes, day), and the read limits in `X-ReadRateLimit-*`
 * (tighter; all our calls are reads). We keep the tighter pair; while a window is spent no call
 * is made (the sync waits for the window's end), so one busy afternoon cannot lock the app out.
 */
const windowStartOf = (window: BudgetWindow, now: number) =>
  window === '15min' ? new Date(Math.floor(now / 900_000) * 900_000) : new Date(Math.floor(now / 86_400_000) * 86_400_000);

const windowEndOf = (window: BudgetWindow, now: number) => (window === '15min' ? nextQuarterHour(now) : new Date(Math.floor(now / 86_400_000) * 86_400_000 + 86_400_000));

const pair = (value: string | null) => {
  const numbers = (value ?? '').split(',').map((part) => Number(part.trim()));
  return numbers.length === 2 && numbers.every((number) => Number.isInteger(number) && number >= 0) ? (numbers as [number, number]) : null;
};

/** The [15-minute, daily] limit and usage an answer reported; read limits win when present. */
export const budgetHeaders = (headers: Headers) => {
  const readLimit = pair(headers.get('x-readratelimit-limit'));
  const readUsage = pair(headers.get('x-readratelimit-usage'));
  if (readLimit && readUsage) return { limit: readLimit, usage: readUsage };
  const limit = pair(headers.get('x-ratelimit-limit'));
  const usage = pair(headers.get('x-ratelimit-usage'));
  return limit && usage ? { limit, usage } : null;
};

export const databaseBudget = (db: Db, clock: Clock): ProviderBudget => ({
  check: async (provider) => {
    const now = clock.now().getTime();
    for (const row of await trackersRepo(db).budgetRows(provider)) {
      const current = row.windowStart.getTime() === windowStartOf(row.window, now).getTime();
      if (current && row.used >= row.limit) {
        throw new ProviderError('rate_limited', `${provider}: the app's ${row.window} budget (${row.limit}) is spent`, 429, windowEndOf(row.window, now));
      }
    }
  },
  record: async (provider, headers) => {
    const reported = budgetHeaders(headers);
    if (!reported) return;
    const now = clock.now().getTime();
    const windows: BudgetWindow[] = ['15min', 'day'];
    for (const [index, window] of windows.entries()) {
      await trackersRepo(db).saveBudget({ provider, window, windowStart: windowStartOf(window, now), limit: reported.limit[index]!, used: reported.usage[index]! });
    }
  },
});
