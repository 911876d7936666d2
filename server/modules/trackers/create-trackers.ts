import type { Clock } from '@/domain/clock';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { databaseBudget } from './budget';
import { providerRegistry } from '../../trackers/registry';
import type { TrackerProviders } from '../../trackers/providers/types';

/** Real clients for the configured providers (an unconfigured one stays null: connect answers 400), sharing the database budget. */
export const createTrackers = (config: Pick<AppConfig, 'strava' | 'fitbit' | 'providerSettings'>, db: Db, clock: Clock): TrackerProviders => {
  const budget = databaseBudget(db, clock);
  const now = () => clock.now().getTime();
  return Object.fromEntries(
    providerRegistry.map((provider) => {
      const settings = provider.settingsOf(config);
      return [provider.apiType, settings ? provider.createClient(settings, budget, now) : null];
    }),
  );
};
