import type { ApiType } from '../../api/contract/trackers';
import { providerByApiType, trackerProviders, type TrackerProviderName } from '../../api/contract/tracker-providers';

/** Display data of the tracker services, in screen order (src/api/contract/tracker-providers.ts). */
export const trackerServices = trackerProviders.map((provider) => ({ type: provider.apiType, key: provider.source, label: provider.label }));

export type TrackerService = { type: ApiType; key: TrackerProviderName['source']; label: string };

export const serviceByType = (type: ApiType): TrackerService => {
  const provider = providerByApiType(type);
  return { type, key: provider.source, label: provider.label };
};

/** Toast (docs/product-rules.md#trackers) after a successful connection, e.g. 'Strava successfully connected'. */
export const connectedMessage = (type: ApiType) => `${serviceByType(type).label} successfully connected`;
export const CONNECTING_MESSAGE = 'Connecting...';
export const DISCONNECT_QUESTION = 'Are you sure you want to disconnect service?';
/** Under the disconnect question: what ending access does to the data (Strava's API agreement). */
export const disconnectConsequence = (type: ApiType) => `Activities imported from ${serviceByType(type).label} will be removed.`;
