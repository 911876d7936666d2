import type { ApiType } from '../../api/contract/trackers';

/** Display data of the two tracker services, in screen order. */
export const trackerServices = [
  { type: 'STRAVA', key: 'strava', label: 'Strava' },
  { type: 'FITBIT', key: 'fitbit', label: 'Fitbit' },
] as const satisfies readonly { type: ApiType; key: 'strava' | 'fitbit'; label: string }[];

export type TrackerService = (typeof trackerServices)[number];

export const serviceByType = (type: ApiType) => trackerServices.find((service) => service.type === type)!;

/** Toast (docs/product-rules.md#trackers) after a successful connection, e.g. 'Strava successfully connected'. */
export const connectedMessage = (type: ApiType) => `${serviceByType(type).label} successfully connected`;
export const CONNECTING_MESSAGE = 'Connecting...';
export const DISCONNECT_QUESTION = 'Are you sure you want to disconnect service?';
/** Under the disconnect question: what ending access does to the data (Strava's API agreement). */
export const disconnectConsequence = (type: ApiType) => `Activities imported from ${serviceByType(type).label} will be removed.`;
