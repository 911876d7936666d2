import type { ApiType } from '@/contract/trackers';

/** Tokens a provider hands back on a code exchange or a refresh. */
export type ProviderTokens = {
  accessToken: string;
  /** Null when the provider keeps the previous one (Google's refresh answers carry none). */
  refreshToken: string | null;
  expiresAt: Date | null;
  externalUserId: string | null;
  /** The scope granted, when the token answer says it (Google); Strava says it on the return URL. */
  scope: string | null;
};

/** One workout as a provider reports it, already read into our terms (providers/*.ts). */
export type ProviderActivity = {
  externalId: string;
  /** Our activity type where one fits, else the provider's own title (1-100 characters). */
  name: string;
  /** Moving (active) time in seconds, as reported. */
  seconds: number;
  startAt: Date;
  /** The athlete's local calendar day of the start, YYYY-MM-DD. */
  localDay: string;
  /** Private at the provider: shown to its owner only. */
  isPrivate: boolean;
  /** The provider's last edit, when it reports one. */
  updatedAt: Date | null;
};

/** A page read, with the records that could not be read (skipped and logged, the rest imported). */
export type ActivityList = {
  activities: ProviderActivity[];
  skipped: { externalId: string | null; reason: string }[];
  requests: number;
  /** Every record since `since` was read (no page cap hit): what is missing was deleted at the provider. */
  complete: boolean;
  /** Where the next read continues when a page cap stopped this one (the last start read), else null. */
  resumeAfter: Date | null;
};

/** What `authorizeUrl` needs: the server-side state, Google's PKCE challenge and our redirect URI. */
export type AuthorizeRequest = { state: string; redirectUri: string; codeChallenge: string | null };

export type ProviderClient = {
  service: ApiType;
  /** Whether this provider needs a PKCE verifier kept with the state. */
  usesPkce: boolean;
  authorizeUrl: (request: AuthorizeRequest) => string;
  /** Whether the granted scope lets us read what we need. */
  scopeIsEnough: (scope: string | null) => boolean;
  exchangeCode: (code: string, redirectUri: string, codeVerifier: string | null) => Promise<ProviderTokens>;
  refresh: (refreshToken: string) => Promise<ProviderTokens>;
  /** Withdraws our access at the provider (`externalUserId`: the athlete's id there, which Polar's withdrawal names). */
  revoke: (tokens: { accessToken: string; refreshToken: string | null; externalUserId?: string | null }) => Promise<void>;
  /** Every activity that started at or after `since`, paged to the end. */
  listActivities: (accessToken: string, since: Date) => Promise<ActivityList>;
  /** One activity by id (webhook updates); null when it is gone. Only providers with push. */
  getActivity?: (accessToken: string, externalId: string) => Promise<ProviderActivity | null>;
  /** The id of the app's webhook subscription as the provider reports it (null: none). Only providers with push. */
  pushSubscriptionId?: () => Promise<string | null>;
};

/** One client per service; null or absent when the service is not configured. */
export type TrackerProviders = Partial<Record<ApiType, ProviderClient | null>>;

export const noTrackers: TrackerProviders = {};
