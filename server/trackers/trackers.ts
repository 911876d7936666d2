import type { ApiType } from '@/contract/trackers';

/** Tokens a provider hands back when a user connects. */
export type TrackerTokens = { accessToken: string; refreshToken: string | null; expiresAt: Date | null; externalUserId: string | null };

/** An activity as a provider reports it, before it becomes one of ours. */
export type TrackerActivity = { externalId: string; name: string; movingTimeMinutes: number; startAt: Date };

export type TrackerClient = {
  exchangeCode: (code: string, codeVerifier?: string) => Promise<TrackerTokens>;
  refresh: (refreshToken: string) => Promise<TrackerTokens>;
  listActivities: (accessToken: string, since: Date) => Promise<TrackerActivity[]>;
  /** Withdraws our access at the provider (on disconnect); best effort. */
  revoke: (accessToken: string) => Promise<void>;
};

/** One client per service; null when the service is not configured. */
export type Trackers = Record<ApiType, TrackerClient | null>;

export const noTrackers: Trackers = { STRAVA: null, FITBIT: null };
