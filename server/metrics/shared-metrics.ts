import { Counter, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Metrics counted by code that has no app at hand (tracker syncs, job attempts) and the process's
 * own (CPU, memory, event-loop lag, open handles): one registry per process, created once.
 */
export const sharedRegistry = new Registry();
collectDefaultMetrics({ register: sharedRegistry });

const trackerSyncs = new Counter({
  name: 'wellness_tracker_syncs_total',
  help: 'Tracker syncs that imported successfully, per provider.',
  labelNames: ['provider'] as const,
  registers: [sharedRegistry],
});

const trackerSyncFailures = new Counter({
  name: 'wellness_tracker_sync_failures_total',
  help: 'Tracker syncs that failed, per provider and reason (unauthorized, rate_limited, unavailable, error...).',
  labelNames: ['provider', 'reason'] as const,
  registers: [sharedRegistry],
});

const jobFailures = new Counter({
  name: 'wellness_job_failures_total',
  help: 'Failed job attempts per job name; final="true" when no retry is left.',
  labelNames: ['job', 'final'] as const,
  registers: [sharedRegistry],
});

/** Why a sync failed, as a short label: a provider failure names its kind, anything else is "error". */
const reasonOf = (error: unknown) => {
  const failure = (error as { failure?: unknown } | null)?.failure;
  return typeof failure === 'string' && /^[a-z_]{1,40}$/.test(failure) ? failure : 'error';
};

/** Called where a tracker sync ends (success or failure). */
export const trackerMetrics = {
  synced: (provider: string) => trackerSyncs.inc({ provider }),
  failed: (provider: string, error: unknown) => trackerSyncFailures.inc({ provider, reason: reasonOf(error) }),
};

/** Called where a job attempt fails. */
export const countJobFailure = (job: string, final: boolean) => jobFailures.inc({ job, final: String(final) });
