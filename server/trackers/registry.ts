import type { ApiType } from '@/contract/trackers';
import type { ProviderDefinition } from './providers/capabilities';
import { fitbitProvider } from './providers/fitbit';
import { polarProvider } from './providers/polar';
import { stravaProvider } from './providers/strava';

/**
 * Every tracker provider of the server, each defined in its own folder (docs/architecture.md "Add a
 * provider"); their names and labels are in src/api/contract/tracker-providers.ts.
 */
export const providerRegistry: readonly ProviderDefinition[] = [stravaProvider, fitbitProvider, polarProvider];

/** Each provider's athlete cap as configured (only those that have one). */
export const athleteLimitsOf = (config: Parameters<NonNullable<ProviderDefinition['athleteLimitOf']>>[0]): Partial<Record<ApiType, number | null>> =>
  Object.fromEntries(providerRegistry.flatMap((provider) => (provider.athleteLimitOf ? [[provider.apiType, provider.athleteLimitOf(config)]] : [])));

export const providerOf = (apiType: ApiType): ProviderDefinition => {
  const found = providerRegistry.find((provider) => provider.apiType === apiType);
  if (!found) throw new Error(`No tracker provider ${apiType} is registered`);
  return found;
};
