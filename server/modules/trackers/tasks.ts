import type { Logger } from '../../logger';
import { athleteLimitsOf, providerRegistry } from '../../trackers/registry';
import type { AppDeps } from '../../deps';
import type { AppJobQueue } from '../../jobs/catalog';
import { trackersRepo } from './repo';
import { trackersService, type TrackerService } from './service';
import type { signedWebhooks } from './signed-webhooks';
import { spreadSeconds } from './spread';

/** Seconds from the app's clock to `at` (pg-boss counts from its own now; tests move the app's clock). */
const secondsUntil = (deps: Pick<AppDeps, 'clock'>, at: Date | undefined) => (at ? Math.max(1, Math.ceil((at.getTime() - deps.clock.now().getTime()) / 1000)) : undefined);

/**
 * The tracker service with its background work on the job queue (server/jobs): the backfill after
 * connecting, 'Sync now', re-imports, a busy provider's retry after its window, and Strava webhook
 * events. Jobs are durable and shared by every API process; a failed one is retried with backoff.
 */
export const trackerServiceOf = (deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'trackers' | 'jobs' | 'metrics'>, log: Logger): TrackerService => {
  // Awaited, so a job exists before the answer; a failure to queue is logged (the periodic sync catches up).
  const sent = (what: string) => async (promise: Promise<unknown>) => {
    await promise.catch((error: unknown) => log.error({ err: error }, `queueing ${what} failed`));
  };
  return trackersService({
    db: deps.db,
    clock: deps.clock,
    config: { ...deps.config, athleteLimit: athleteLimitsOf(deps.config) },
    trackers: deps.trackers,
    metrics: deps.metrics,
    tasks: {
      sync: (userId, service, options = {}) =>
        sent(`a ${service} sync`)(
          // A delayed retry has its own key: it never holds up a 'Sync now' once the window has passed.
          deps.jobs.send(
            'trackers.sync',
            { userId, service, countsQuota: options.countsQuota ?? false, background: options.background ?? false },
            { singletonKey: `${userId}:${service}${options.at ? ':retry' : ''}`, startAfter: secondsUntil(deps, options.at) },
          ),
        ),
      // A later drain has its own key, so it never holds up the drain a new event asks for.
      revokeLater: (at) => sent('a withdrawal retry')(deps.jobs.send('trackers.revokes', {}, { singletonKey: 'later', startAfter: secondsUntil(deps, at) })),
      stravaInbox: (at) => sent('the Strava inbox')(deps.jobs.send('trackers.strava-inbox', {}, { singletonKey: at ? 'later' : 'now', startAfter: secondsUntil(deps, at) })),
    },
  });
};

/** The handlers of the tracker jobs (every process handles them). */
export const registerTrackerJobs = (deps: AppDeps, service: TrackerService, log: Logger, webhooks: ReturnType<typeof signedWebhooks>) => {
  deps.jobs.work('trackers.webhook-setup', async (_data, job) => {
    await webhooks.setUp(log, { retried: !job.lastAttempt });
  });
  deps.jobs.work('trackers.sync', async ({ userId, service: type, countsQuota, background }) => {
    await service.syncService(userId, type, log, { countsQuota, background });
  });
  deps.jobs.work('trackers.revokes', async () => {
    await service.retryRevokes(log);
  });
  deps.jobs.work('trackers.strava-inbox', async () => {
    await service.drainStravaInbox(log);
  });
  // Events queued as jobs by an earlier version: kept in the inbox like a new one.
  deps.jobs.work('trackers.strava-event', async (event) => {
    await service.queueStravaEvent(event);
  });
  deps.jobs.work('trackers.sync-all', async () => {
    const repo = trackersRepo(deps.db);
    const now = deps.clock.now();
    // A provider without push (Google) has every connection visited; with push, only connections quiet for its own number of days.
    const quietSince = (days: number) => new Date(now.getTime() - days * 86_400_000);
    // Spread over the period until the next run, so the reads never come in one burst.
    const periodSeconds = Math.max(60, deps.config.trackerSyncEveryMinutes * 60);
    for (const { apiType: type, capabilities, quietDaysOf } of providerRegistry) {
      const users = capabilities.delivery === 'pull' ? await repo.connectedUsers(type) : await repo.quietConnections(type, quietSince(quietDaysOf?.(deps.config) ?? 0));
      for (const [index, userId] of users.entries()) {
        const delay = spreadSeconds(index, users.length, periodSeconds);
        await deps.jobs.send('trackers.sync', { userId, service: type, countsQuota: false, background: true }, { singletonKey: `${userId}:${type}`, startAfter: delay > 0 ? delay : undefined });
      }
    }
  });
};

/**
 * The safety-net sync on a cron schedule: every TRACKER_SYNC_EVERY_MINUTES (whole hours from 60 on),
 * every working Google connection, and the connections of a provider with push without news for its
 * quiet days (STRAVA_SAFETY_NET_QUIET_DAYS, POLAR_SAFETY_NET_QUIET_DAYS), are synced, spread over the period (docs/trackers.md).
 */
export const scheduleTrackerSync = async (jobs: AppJobQueue, everyMinutes: number) => {
  // Every minute, whatever waits in the Strava inbox (a restart, a lost job) is applied once due.
  await jobs.schedule('trackers.strava-inbox', '* * * * *', {});
  // Withdrawals at providers that failed are tried again when due (each also has its own delayed job).
  await jobs.schedule('trackers.revokes', '*/10 * * * *', {});
  // Providers' signed webhooks (Polar) are created once, after start (a job: the provider pings this app first).
  await jobs.send('trackers.webhook-setup', {}, { singletonKey: 'start', startAfter: 5 });
  if (everyMinutes <= 0) return jobs.unschedule('trackers.sync-all');
  const cron = everyMinutes < 60 ? `*/${everyMinutes} * * * *` : `0 */${Math.max(1, Math.round(everyMinutes / 60))} * * *`;
  await jobs.schedule('trackers.sync-all', cron, {});
};
