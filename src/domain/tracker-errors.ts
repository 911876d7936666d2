import type { ApiType } from '@/contract/trackers';
import { AppError } from './errors';

/** Pure (no Node APIs): the mocks throw these same errors. */

export const serviceLabel: Record<ApiType, string> = { STRAVA: 'Strava', FITBIT: 'Fitbit' };

export const trackerNotConfigured = (service: ApiType) =>
  new AppError(400, 'TRACKER_NOT_CONFIGURED', `${serviceLabel[service]} is not available: this installation has no ${serviceLabel[service]} connection configured.`);

export const trackerError = (service: ApiType) =>
  new AppError(502, 'TRACKER_ERROR', `${serviceLabel[service]} did not answer as expected. Please try again, or connect ${serviceLabel[service]} again.`);

/** Syncs per employee: providers limit requests per app (Strava: 200 per 15 minutes), so one person cannot spend them all. */
export const syncRateLimit = { name: 'sync:user', limit: 10, windowSeconds: 15 * 60 };
