import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { trackerService, type TrackerService } from './service';

/**
 * The tracker service with its background work run in this process after the response (the
 * forgot-password mail's queue): the backfill after connecting, re-imports and Strava webhook
 * events. A failure is logged; the periodic sync catches up what a failed task left.
 */
export const trackerServiceOf = (deps: AppDeps, log: FastifyBaseLogger): TrackerService => {
  const service: TrackerService = trackerService({
    db: deps.db,
    clock: deps.clock,
    config: deps.config,
    trackers: deps.trackers,
    tasks: {
      sync: (userId, type) => deps.afterResponse.run(`${type} sync`, () => service.syncService(userId, type, log)),
      stravaEvent: (event) => deps.afterResponse.run('Strava webhook event', () => service.applyStravaEvent(event, log)),
    },
  });
  return service;
};
