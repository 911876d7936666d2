import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { trackerService, type TrackerService } from './service';

/**
 * The tracker service with its background work run in this process after the response (the
 * forgot-password mail's queue): the backfill after connecting, re-imports and Strava webhook
 * events, a retry once a busy provider's window has passed. A failure is logged; the periodic
 * sync catches up what a failed task (or a retry lost in a restart) left.
 */
export const trackerServiceOf = (deps: AppDeps, log: FastifyBaseLogger): TrackerService => {
  const service: TrackerService = trackerService({
    db: deps.db,
    clock: deps.clock,
    config: deps.config,
    trackers: deps.trackers,
    tasks: {
      sync: (userId, type, at) => {
        if (!at) return deps.afterResponse.run(`${type} sync`, () => service.syncService(userId, type, log));
        // A later retry: a timer that does not keep the process alive (the periodic sync is the safety net).
        const wait = Math.max(0, at.getTime() - deps.clock.now().getTime());
        setTimeout(() => deps.afterResponse.run(`${type} sync retry`, () => service.syncService(userId, type, log)), wait).unref();
      },
      stravaEvent: (event) => deps.afterResponse.run('Strava webhook event', () => service.applyStravaEvent(event, log)),
    },
  });
  return service;
};
