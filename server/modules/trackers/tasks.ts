import type { FastifyBaseLogger } from 'fastify';
import { apiTypes } from '@/contract/trackers';
import type { AppDeps } from '../../deps';
import type { AppJobQueue } from '../../jobs/catalog';
import { trackersRepo } from './repo';
import { trackersService, type StravaEvent, type TrackerService } from './service';
import { spreadSeconds } from '@/domain/strava-pacing';

/** Seconds from the app's clock to `at` (pg-boss counts from its own now; tests move the app's clock). */
const secondsUntil = (deps: Pick<AppDeps, 'clock'>, at: Date | undefined) => (at ? Math.max(1, Math.ceil((at.getTime() - deps.clock.now().getTime()) / 1000)) : undefined);

/**
 * The tracker service with its background work on the job queue (server/jobs): the backfill after
 * connecting, 'Sync now', re-imports, a busy provider's retry after its window, and Strava webhook
 * events. Jobs are durable and shared by every API process; a failed one is retried with backoff.
 */
export const trackerServiceOf = (deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'trackers' | 'jobs'>, log: FastifyBaseLogger): TrackerService => {
  // Awaited, so a job exists before the answer; a failure to queue is logged (the periodic sync catches up).
  const sent = (what: string) => async (promise: Promise<unknown>) => {
    await promise.catch((error: unknown) => log.error({ err: error }, `queueing ${what} failed`));
  };
  return trackersService({
    db: deps.db,
    clock: deps.clock,
    config: deps.config,
    trackers: deps.trackers,
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
      stravaEvent: (event, at) => sent('a Strava event')(deps.jobs.send('trackers.strava-event', event as never, { startAfter: secondsUntil(deps, at) })),
    },
  });
};

/** The handlers of the tracker jobs (every process handles them). */
export const registerTrackerJobs = (deps: AppDeps, service: TrackerService, log: FastifyBaseLogger) => {
  deps.jobs.work('trackers.sync', async ({ userId, service: type, countsQuota, background }) => {
    await service.syncService(userId, type, log, { countsQuota, background });
  });
  deps.jobs.work('trackers.strava-event', async (event) => {
    await service.applyStravaEvent(event as StravaEvent, log);
  });
  deps.jobs.work('trackers.sync-all', async () => {
    const repo = trackersRepo(deps.db);
    const now = deps.clock.now();
    // Google has no push: every connection is visited. Strava's webhooks are the truth: only connections quiet for days.
    const pacing = deps.config.stravaPacing;
    const visits = {
      FITBIT: await repo.connectedUsers('FITBIT'),
      STRAVA: await repo.quietConnections('STRAVA', new Date(now.getTime() - pacing.quietDays * 86_400_000)),
    };
    // Spread over the period until the next run, so the reads never come in one burst.
    const periodSeconds = Math.max(60, deps.config.trackerSyncEveryMinutes * 60);
    for (const type of apiTypes) {
      const users = visits[type];
      for (const [index, userId] of users.entries()) {
        const delay = spreadSeconds(index, users.length, periodSeconds);
        await deps.jobs.send('trackers.sync', { userId, service: type, countsQuota: false, background: true }, { singletonKey: `${userId}:${type}`, startAfter: delay > 0 ? delay : undefined });
      }
    }
  });
};

/**
 * The safety-net sync on a cron schedule: every TRACKER_SYNC_EVERY_MINUTES (whole hours from 60 on),
 * every working Google connection, and the Strava connections without news for
 * STRAVA_SAFETY_NET_QUIET_DAYS, are synced, spread over the period (docs/trackers.md).
 */
export const scheduleTrackerSync = async (jobs: AppJobQueue, everyMinutes: number) => {
  if (everyMinutes <= 0) return jobs.unschedule('trackers.sync-all');
  const cron = everyMinutes < 60 ? `*/${everyMinutes} * * * *` : `0 */${Math.max(1, Math.round(everyMinutes / 60))} * * *`;
  await jobs.schedule('trackers.sync-all', cron, {});
};
