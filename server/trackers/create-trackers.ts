import { systemClock, type Clock } from '@/domain/clock';
import type { AppConfig } from '../config';
import { createFitbitClient } from './fitbit';
import { createStravaClient } from './strava';
import type { Trackers } from './trackers';

/** Real clients for the configured services; an unconfigured service stays null (400 on connect). */
export const createTrackers = (config: Pick<AppConfig, 'strava' | 'fitbit' | 'appOrigin'>, clock: Clock = systemClock): Trackers => ({
  STRAVA: config.strava ? createStravaClient(config.strava) : null,
  FITBIT: config.fitbit ? createFitbitClient(config.fitbit, config.appOrigin, clock) : null,
});
