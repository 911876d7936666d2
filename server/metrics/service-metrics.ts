/**
 * Counters that services bump, whichever host runs them. Node: prom-client counters exposed on
 * /metrics (shared-metrics.ts, promServiceMetrics); the browser host counts in memory or not at all.
 */
export type ServiceMetrics = {
  /** A tracker sync imported successfully. */
  trackerSynced: (provider: string) => void;
  /** A tracker sync failed; `reason` as the admin panel names it (unauthorized, rate_limited, api_not_enabled...). */
  trackerSyncFailed: (provider: string, reason: string) => void;
};

/** Counts nothing: for hosts and tests that expose no metrics. */
export const noMetrics: ServiceMetrics = { trackerSynced: () => {}, trackerSyncFailed: () => {} };
