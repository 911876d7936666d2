import { Counter, Registry, collectDefaultMetrics } from 'prom-client';
import type { ServiceMetrics } from './service-metrics';

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
  help: 'Tracker syncs that failed, per provider and reason (the failure kind: unauthorized, forbidden, gone, rate_limited, failed...; or the set-up fault: api_not_enabled, invalid_client...).',
  labelNames: ['provider', 'reason'] as const,
  registers: [sharedRegistry],
});

const jobFailures = new Counter({
  name: 'wellness_job_failures_total',
  help: 'Failed job attempts per job name; final="true" when no retry is left.',
  labelNames: ['job', 'final'] as const,
  registers: [sharedRegistry],
});

/** The Node host's service counters (AppDeps.metrics), bumped where a tracker sync ends (modules/trackers/service.ts syncService). */
export const promServiceMetrics: ServiceMetrics = {
  trackerSynced: (provider) => trackerSyncs.inc({ provider }),
  trackerSyncFailed: (provider, reason) => trackerSyncFailures.inc({ provider, reason }),
};

/** Called where a job attempt fails. */
export const countJobFailure = (job: string, final: boolean) => jobFailures.inc({ job, final: String(final) });
