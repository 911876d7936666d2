import type { ApiType } from '@/contract/trackers';

/** The activities' `source` of each tracker's imports. */
export type Source = 'strava' | 'fitbit';
export const sourceOf = { STRAVA: 'strava', FITBIT: 'fitbit' } as const satisfies Record<ApiType, Source>;
export const serviceOf = { strava: 'STRAVA', fitbit: 'FITBIT' } as const satisfies Record<Source, ApiType>;
