/**
 * Strava's read budget for a company (a simulation, not a load test): 10,000 employees, 2,000 of
 * them on Strava, over several simulated days of webhook events and safety-net syncs, against the
 * fake Strava of the test suite (its documented limits: reads 100 per 15 minutes and 1,000 a day,
 * overall 200 and 2,000; 429 over them). The app's own pacing rules decide what is read when
 * (server/trackers/providers/strava/pacing.ts) and the real Strava client makes the calls, so the
 * figures are the reads our policy spends. No database: who is quiet is tracked in memory.
 *
 *   npx tsx bench/strava-budget.ts     BENCH_CONNECTIONS=2000 BENCH_ACTIVE_SHARE=0.3 BENCH_DAYS=5
 */
import { backgroundMayRead, defaultStravaPacing, needsSafetyNet, type BudgetNow } from '../server/trackers/providers/strava/pacing';
import { budgetHeaders } from '../server/modules/trackers/budget';
import { createStravaClient } from '../server/trackers/providers/strava/client';
import type { ProviderBudget } from '../server/trackers/providers/provider-request';
import { fakeTrackerConfig, nextStravaWindow, startFakeProvider } from '../tests/server/trackers/fake-provider';

const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const EMPLOYEES = 10_000;
const connections = number('BENCH_CONNECTIONS', 2000);
/** Share of Strava athletes who record a workout on a given day. */
const activeShare = number('BENCH_ACTIVE_SHARE', 0.3);
const days = number('BENCH_DAYS', 5);
/** Of the day's workouts: renamed afterwards (title-only update), re-typed (update with type), deleted. */
const RENAMED = 0.3;
const RETYPED = 0.05;
const DELETED = 0.02;
const SAFETY_NET_EVERY_WINDOWS = 24; // TRACKER_SYNC_EVERY_MINUTES=360
const WINDOW_MS = 900_000;
const DAY0 = Date.parse('2026-11-02T00:00:00Z');

/** A seeded generator: the same run every time. */
let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
/** Workouts start mostly 06-09 and 17-20 UTC. */
const startWindow = () => {
  const roll = random();
  const hour = roll < 0.4 ? 6 + random() * 3 : roll < 0.8 ? 17 + random() * 3 : random() * 24;
  return Math.floor((hour * 3_600_000) / WINDOW_MS);
};

const main = async () => {
  const provider = await startFakeProvider();
  provider.strava.tokens.access.add('bench-token');
  // What Strava's last answer reported, as the database budget keeps it.
  type Reported = { limit: [number, number]; usage: [number, number] } | null;
  const last: { reported: Reported } = { reported: null };
  const budget: ProviderBudget = {
    check: async () => undefined,
    record: async (_provider, headers) => {
      last.reported = budgetHeaders(headers) ?? last.reported;
    },
  };
  let now = DAY0;
  const client = createStravaClient(fakeTrackerConfig(provider.url).strava, budget, () => now);
  const athletes = Array.from({ length: connections }, (_, index) => ({ id: index, lastEventAt: null as Date | null, lastSyncedAt: new Date(DAY0 - 4 * 86_400_000), connectedAt: new Date(DAY0 - 30 * 86_400_000) }));
  let nextActivity = 1;
  const perDay: { day: string; waited: number; webhookReads: number; readFreeEvents: number; safetyNetReads: number; visits: number; deferred: number; refused: number; peakWindow: number; leftAtEnd: number }[] = [];

  for (let day = 0; day < days; day += 1) {
    const stats = { day: new Date(DAY0 + day * 86_400_000).toISOString().slice(0, 10), waited: 0, webhookReads: 0, readFreeEvents: 0, safetyNetReads: 0, visits: 0, deferred: 0, refused: 0, peakWindow: 0, leftAtEnd: 0 };
    provider.strava.readDailyUsage = 0;
    provider.strava.overallUsage[1] = 0;
    last.reported = null;
    // The day's events, by 15-minute window.
    const events: { window: number; athlete: number; kind: 'create' | 'rename' | 'retype' | 'delete' }[] = [];
    for (const athlete of athletes) {
      if (random() >= activeShare) continue;
      const window = startWindow();
      events.push({ window, athlete: athlete.id, kind: 'create' });
      const roll = random();
      const later = Math.min(95, window + 1 + Math.floor(random() * 8));
      if (roll < RENAMED) events.push({ window: later, athlete: athlete.id, kind: 'rename' });
      else if (roll < RENAMED + RETYPED) events.push({ window: later, athlete: athlete.id, kind: 'retype' });
      else if (roll < RENAMED + RETYPED + DELETED) events.push({ window: later, athlete: athlete.id, kind: 'delete' });
    }
    let backlog: number[] = [];
    for (let window = 0; window < 96; window += 1) {
      now = DAY0 + day * 86_400_000 + window * WINDOW_MS;
      nextStravaWindow(provider.strava);
      const before = provider.strava.readUsage;
      // Webhook events first: each create, re-type or delete is one read of the activity.
      for (const event of events.filter((candidate) => candidate.window === window)) {
        const athlete = athletes[event.athlete]!;
        athlete.lastEventAt = new Date(now);
        if (event.kind === 'rename') {
          stats.readFreeEvents += 1;
          continue;
        }
        const id = nextActivity++;
        // The app's budget check: a spent day makes the fetch wait for the next one (no call).
        const reported = last.reported as Reported;
        if (reported && reported.usage[1] >= reported.limit[1]) {
          stats.waited += 1;
          continue;
        }
        if (event.kind !== 'delete') provider.strava.activities = [{ id, name: 'Run', sport_type: 'Run', moving_time: 1800, start_date: new Date(now).toISOString() }];
        else provider.strava.activities = [];
        try {
          await client.getActivity!('bench-token', String(id));
          stats.webhookReads += 1;
        } catch {
          stats.refused += 1;
        }
      }
      // The safety net every 6 hours: quiet connections, spread over the next 24 windows.
      if (window % SAFETY_NET_EVERY_WINDOWS === 0) backlog = athletes.filter((athlete) => needsSafetyNet(athlete, new Date(now), defaultStravaPacing)).map((athlete) => athlete.id);
      const share = Math.ceil(backlog.length / (SAFETY_NET_EVERY_WINDOWS - (window % SAFETY_NET_EVERY_WINDOWS)));
      provider.strava.activities = [];
      for (const id of backlog.splice(0, share)) {
        const reported = last.reported as Reported;
        const current: BudgetNow = reported
          ? { fifteenMinutes: { limit: reported.limit[0], used: provider.strava.readUsage }, day: { limit: reported.limit[1], used: reported.usage[1] } }
          : { fifteenMinutes: null, day: null };
        if (!backgroundMayRead(current, defaultStravaPacing, now)) {
          stats.deferred += 1;
          continue;
        }
        try {
          const list = await client.listActivities('bench-token', new Date(now - 3 * 86_400_000));
          stats.safetyNetReads += list.requests;
          stats.visits += 1;
          athletes[id]!.lastSyncedAt = new Date(now);
        } catch {
          stats.refused += 1;
        }
      }
      stats.peakWindow = Math.max(stats.peakWindow, provider.strava.readUsage - before);
    }
    stats.leftAtEnd = provider.strava.readDailyLimit - provider.strava.readDailyUsage;
    perDay.push(stats);
  }
  await provider.close();

  console.info(`Strava read budget: ${EMPLOYEES.toLocaleString('en-GB')} employees, ${connections.toLocaleString('en-GB')} Strava connections, ${Math.round(activeShare * 100)} % record a workout a day`);
  console.info(`limits: reads ${provider.strava.readLimit}/15 min and ${provider.strava.readDailyLimit}/day; reserve for webhooks ${defaultStravaPacing.dayReserve}; safety net after ${defaultStravaPacing.quietDays} quiet days, every 6 h`);
  console.info('day         webhook reads  waited to next day  read-free events  safety-net reads (visits)  deferred  refused (429)  peak reads/15 min  reads left');
  for (const row of perDay)
    console.info(
      `${row.day}  ${String(row.webhookReads).padStart(13)}  ${String(row.waited).padStart(18)}  ${String(row.readFreeEvents).padStart(16)}  ${`${row.safetyNetReads} (${row.visits})`.padStart(25)}  ${String(row.deferred).padStart(8)}  ${String(row.refused).padStart(13)}  ${String(row.peakWindow).padStart(17)}  ${String(row.leftAtEnd).padStart(10)}`,
    );
  const worst = perDay.reduce((a, b) => (a.leftAtEnd < b.leftAtEnd ? a : b));
  console.info(`inside the limits every day: ${perDay.every((row) => row.refused === 0 && row.waited === 0 && row.peakWindow <= provider.strava.readLimit) ? 'yes' : 'NO'}; fewest reads left at midnight: ${worst.leftAtEnd} (${worst.day})`);
};

void main();
