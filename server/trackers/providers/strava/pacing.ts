/**
 * How Strava's read budget is shared (docs/trackers.md "Strava within its budget"). Webhooks are
 * the source of truth: each event costs at most one read. Background work (the safety-net sync of
 * connections that had no event for `quietDays`, and a new connection's backfill) only reads while
 * more than the reserve is left in both windows, so webhook fetches always have room.
 * Strava's "Rate Limits" page: read limits 100 per 15 minutes and 1,000 a day by default.
 */
export type StravaPacing = {
  /** A connection with no webhook event and no sync for this many days gets a safety-net visit. */
  quietDays: number;
  /**
   * Reads a day kept for webhook fetches, all of it until noon UTC, then counted down to midnight
   * (at 18:00 UTC half of it is still kept): background work stops below it. Size it to a day of webhook reads, about
   * athletes x share active a day x 1.1 (bench/strava-budget.ts: 2,000 athletes, 30 % active: 640).
   */
  dayReserve: number;
};

export const defaultStravaPacing: StravaPacing = { quietDays: 3, dayReserve: 700 };

const DAY_MS = 86_400_000;
/** The 15-minute window keeps the same share of its limit as the day does. */
const windowReserveOf = (pacing: StravaPacing, dayLimit: number, windowLimit: number) => Math.ceil((pacing.dayReserve / Math.max(1, dayLimit)) * windowLimit);

export type BudgetNow = { fifteenMinutes: { limit: number; used: number } | null; day: { limit: number; used: number } | null };

/**
 * The part of the day's reserve still needed at `now`: all of it until noon UTC, then less and less
 * until midnight (webhooks of the hours gone have been read; evenings are busy, so not earlier).
 */
export const reserveLeft = (pacing: StravaPacing, now: number) => Math.ceil(pacing.dayReserve * Math.min(1, 2 * (1 - (now % DAY_MS) / DAY_MS)));

/** Whether background work may spend a read now (no news in a window: nothing spent in it yet). */
export const backgroundMayRead = (budget: BudgetNow, pacing: StravaPacing, now: number) => {
  const day = budget.day;
  if (day && day.limit - day.used <= reserveLeft(pacing, now)) return false;
  const window = budget.fifteenMinutes;
  if (window && day && window.limit - window.used <= windowReserveOf(pacing, day.limit, window.limit)) return false;
  return true;
};

/** When blocked: the next 15-minute window if only it is short, else the next UTC day (spread by user over its first hours). */
export const backgroundRetryAt = (budget: BudgetNow, pacing: StravaPacing, now: number, userId: number) => {
  const dayShort = budget.day !== null && budget.day.limit - budget.day.used <= reserveLeft(pacing, now);
  if (!dayShort) return new Date(Math.floor(now / 900_000) * 900_000 + 900_000);
  const nextDay = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
  return new Date(nextDay + (userId % 360) * 60_000);
};

/** Whether a Strava connection needs a safety-net visit: no webhook event and no sync for `quietDays`. */
export const needsSafetyNet = (connection: { lastEventAt: Date | null; lastSyncedAt: Date | null; connectedAt: Date }, now: Date, pacing: StravaPacing) => {
  const quietSince = now.getTime() - pacing.quietDays * DAY_MS;
  const lastNews = Math.max(connection.lastEventAt?.getTime() ?? 0, connection.lastSyncedAt?.getTime() ?? 0, connection.connectedAt.getTime());
  return lastNews <= quietSince;
};
