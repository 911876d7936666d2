import { OperatorFault, type ApiType, type TrackerPanel } from '@/contract/trackers';
import type { Clock } from '@/domain/clock';
import type { DbOrTx } from '../../db/client';
import type { TrackerProviders } from '../../trackers/providers/types';
import { providerRegistry } from '../../trackers/registry';
import { trackersRepo, type BudgetWindow } from './repo';

const DAY_MS = 86_400_000;

const windowStart = (window: BudgetWindow, now: number) => (window === '15min' ? Math.floor(now / 900_000) * 900_000 : Math.floor(now / DAY_MS) * DAY_MS);

/**
 * The admin tracker panel: per provider, connections, the last working sync, failures by reason
 * in the last 24 hours, the budget left in the current windows, and whether the app's own set-up
 * is at fault (then every employee reads "Syncing with ... is paused").
 */
export const trackerPanel = async (db: DbOrTx, clock: Clock, trackers: TrackerProviders, athleteLimits: Partial<Record<ApiType, number | null>> = {}): Promise<TrackerPanel> => {
  const repo = trackersRepo(db);
  const now = clock.now().getTime();
  const providers = [];
  for (const { apiType, capabilities } of providerRegistry) {
    const overview = await repo.providerOverview(apiType, new Date(now - DAY_MS));
    // A pausing fault first; else Strava's athlete cap, which stops new athletes only.
    const paused = await repo.openOperatorFault(apiType, clock.now());
    // The budget rows are kept under the client's provider name.
    const rows = await repo.budgetRows(capabilities.budgetName);
    const budgetOf = (window: BudgetWindow) => {
      const row = rows.find((candidate) => candidate.window === window && candidate.windowStart.getTime() === windowStart(window, now));
      return row ? { limit: row.limit, used: row.used, left: Math.max(0, row.limit - row.used) } : null;
    };
    const reason = paused ? OperatorFault.safeParse(paused.reason) : null;
    providers.push({
      apiType,
      configured: Boolean(trackers[apiType]),
      needsAdministrator: paused && reason?.success ? { reason: reason.data, since: paused.at.toISOString() } : null,
      connections: { connected: overview.connected, reconnectNeeded: overview.reconnectNeeded },
      // Only when known (Strava with STRAVA_ATHLETE_LIMIT): the panel then shows the count against it.
      ...(athleteLimits[apiType] ? { athleteLimit: athleteLimits[apiType] } : {}),
      lastSuccessfulSyncAt: overview.lastSuccessfulSyncAt?.toISOString() ?? null,
      failures: overview.failures,
      budget: { fifteenMinutes: budgetOf('15min'), day: budgetOf('day') },
    });
  }
  return { providers };
};
