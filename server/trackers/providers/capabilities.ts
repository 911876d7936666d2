import type { ApiType, StravaEvent } from '@/contract/trackers';
import type { AppConfig } from '../../config-types';
import type { HostHeaders } from '../../http/host';
import type { RouteTable } from '../../http/route-table';
import type { ProviderBudget } from './provider-request';
import type { ProviderClient } from './types';

/**
 * What the service needs to know about a provider besides its client (docs/architecture.md "Add a
 * provider"): each folder under server/trackers/providers/ exports one, listed in ../registry.ts.
 */
export type ProviderCapabilities = {
  /**
   * How news arrives: `push` (webhooks: the safety net visits only connections quiet for days) or
   * `pull` (every connection is visited by the safety net).
   */
  delivery: 'push' | 'pull';
  /**
   * Whether a complete listing is the truth for a window, so a workout it no longer lists was deleted
   * there: `wholeWindowDaily` (Google: the whole editable window once a day, else from the last sync),
   * `lastDays` (Polar: its listing holds only the last 30 days), or null (Strava: its lists can leave
   * records out; deletions come by webhook).
   */
  authoritativeListing: { kind: 'wholeWindowDaily' } | { kind: 'lastDays'; days: number } | null;
  /** Where the granted scope is reported: on the return URL (Strava) or in the token answer. */
  scopeReportedOn: 'returnUrl' | 'token';
  /** Whether a refusal (403) or a gone endpoint (410) needs a new connection. */
  reconnectOn: { forbidden: boolean; gone: boolean };
  /** What the employee reads on a 403; absent: the reconnect message. */
  forbiddenMessage?: string;
  /** The name its budget rows are kept under (its requests' `provider`). */
  budgetName: string;
  /** Background reads wait while the day's budget is down to the webhook reserve (Strava). */
  pacedBackground: boolean;
  /** Scopes asked for, as sent to the provider. */
  scopes: readonly string[];
};

/** A provider's settings, as its folder reads them from the environment and shows them to the SPA. */
export type ProviderSettings = { clientId: string; authorizeUrl: string };

/**
 * A provider that signs its webhook deliveries (Polar): the app creates the webhook once
 * (`trackers.webhook-setup`), keeps the secret the answer carries, and checks every delivery with it.
 */
export type SignedWebhook = {
  create: (client: ProviderClient) => Promise<{ id: string; signatureSecret: string }>;
  verify: (rawBody: string, headers: HostHeaders, secret: string) => boolean;
  /** The athletes (their ids at the provider) with news in a delivery; none for a ping. */
  athletesOf: (body: Record<string, unknown>) => string[];
};

export type ProviderDefinition<C extends ProviderSettings = ProviderSettings> = {
  apiType: ApiType;
  capabilities: ProviderCapabilities;
  /** Its settings in the app's config (read from the environment by `readSettings`); null: not configured. */
  settingsOf: (config: Pick<AppConfig, 'strava' | 'fitbit' | 'providerSettings'>) => C | null;
  /** Reads its settings from the environment (providers that keep theirs in `providerSettings`). */
  readSettings?: (env: (name: string) => string | undefined, appOrigin: string) => C | null;
  createClient: (settings: C, budget: ProviderBudget, now: () => number) => ProviderClient;
  signedWebhook?: SignedWebhook;
  /** The athletes the provider lets this app serve, when the operator set it (Strava's tiers: STRAVA_ATHLETE_LIMIT). */
  athleteLimitOf?: (config: Pick<AppConfig, 'strava' | 'fitbit' | 'providerSettings'>) => number | null;
  /**
   * A provider with push: the safety net visits only its connections without a webhook event or a
   * sync for this many days (its own setting, e.g. STRAVA_SAFETY_NET_QUIET_DAYS, POLAR_SAFETY_NET_QUIET_DAYS).
   */
  quietDaysOf?: (config: Pick<AppConfig, 'stravaPacing' | 'providerSettings'>) => number;
  /** Routes of its own besides the registry's (Strava's unsigned webhook); `keepEvent` keeps an event in its inbox until applied. */
  routes?: (app: RouteTable, config: AppConfig, keepEvent: (event: StravaEvent) => Promise<unknown>) => void;
};

/** Keeps a definition's own settings type while listing it with the others. */
export const defineProvider = <C extends ProviderSettings>(definition: ProviderDefinition<C>) => definition as unknown as ProviderDefinition;
