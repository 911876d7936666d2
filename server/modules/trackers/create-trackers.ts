import type { Clock } from '@/domain/clock';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { databaseBudget } from './budget';
import { createGoogleHealthClient } from '../../trackers/providers/google-health';
import { createStravaClient } from '../../trackers/providers/strava';
import type { TrackerProviders } from '../../trackers/providers/types';

/** Real clients for the configured services (an unconfigured one stays null: connect answers 400), sharing the database budget. */
export const createTrackers = (config: Pick<AppConfig, 'strava' | 'fitbit'>, db: Db, clock: Clock): TrackerProviders => {
  const budget = databaseBudget(db, clock);
  const now = () => clock.now().getTime();
  return {
    STRAVA: config.strava ? createStravaClient(config.strava, budget, now) : null,
    FITBIT: config.fitbit ? createGoogleHealthClient(config.fitbit, budget, now) : null,
  };
};
