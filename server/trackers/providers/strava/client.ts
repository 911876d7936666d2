import type { StravaConfig } from '../../../config-types';
import { cleanTitle, expectString, providerJson, ProviderError, type ProviderBudget } from '../provider-request';
import { stravaTypeOf } from './sport-types';
import type { ActivityList, ProviderActivity, ProviderClient, ProviderTokens } from '../types';

/** Strava's largest page ("List Athlete Activities": per_page up to 200); a page may be short before the end, so we read until an empty one. */
export const STRAVA_PAGE_SIZE = 200;
/**
 * A sync reads at most this many pages (10,000 activities). With `after`, Strava lists oldest
 * first, so the start of the last record read is where the next sync continues (`resumeAfter`).
 */
export const STRAVA_MAX_PAGES = 50;
/**
 * `activity:read` is what Strava's activity webhooks need (an app without read access to the
 * athlete's activities receives no activity events); `activity:read_all` adds the "Only You"
 * activities, which count for their athlete too. Both are asked for, and both must be granted.
 */
export const STRAVA_SCOPES = ['activity:read', 'activity:read_all'] as const;
export const STRAVA_SCOPE = STRAVA_SCOPES.join(',');

type StravaToken = { access_token?: unknown; refresh_token?: unknown; expires_at?: unknown; athlete?: { id?: unknown } };
export type StravaActivity = {
  id?: unknown;
  name?: unknown;
  sport_type?: unknown;
  type?: unknown;
  moving_time?: unknown;
  start_date?: unknown;
  start_date_local?: unknown;
  private?: unknown;
  visibility?: unknown;
};

const toTokens = (body: StravaToken): ProviderTokens => ({
  accessToken: expectString(body.access_token, 'access token'),
  refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
  expiresAt: typeof body.expires_at === 'number' ? new Date(body.expires_at * 1000) : null,
  externalUserId: body.athlete?.id === undefined ? null : String(body.athlete.id),
  scope: null,
});

/**
 * One Strava record in our terms, or the reason it cannot be read. The day is the athlete's local
 * day: `start_date_local` is the local wall time written with a Z, so its date part is that day.
 */
export const readStravaActivity = (raw: StravaActivity): ProviderActivity | string => {
  if (typeof raw.id !== 'number' && typeof raw.id !== 'string') return 'no id';
  if (typeof raw.moving_time !== 'number' || !Number.isFinite(raw.moving_time)) return 'no moving time';
  if (typeof raw.start_date !== 'string' || Number.isNaN(Date.parse(raw.start_date))) return 'no start date';
  const local = typeof raw.start_date_local === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(raw.start_date_local) ? raw.start_date_local : raw.start_date;
  const title = cleanTitle(raw.name) ?? 'Other';
  return {
    externalId: String(raw.id),
    name: stravaTypeOf(raw.sport_type, raw.type) ?? title,
    seconds: raw.moving_time,
    startAt: new Date(raw.start_date),
    localDay: local.slice(0, 10),
    isPrivate: raw.private === true || raw.visibility === 'only_me',
    updatedAt: null,
  };
};

export type StravaClient = ProviderClient & {
  /** The webhook subscription (server/cli/strava-webhook.ts). */
  subscriptions: {
    list: () => Promise<unknown>;
    create: (callbackUrl: string, verifyToken: string) => Promise<unknown>;
    remove: (id: string) => Promise<void>;
  };
};

/** Strava API v3: OAuth (on the OAuth base), activities (on the API base), deauthorisation. */
export const createStravaClient = (config: StravaConfig, budget: ProviderBudget, now: () => number = Date.now, maxPages = STRAVA_MAX_PAGES): StravaClient => {
  const request = { provider: 'strava', budget, now };
  const token = async (params: Record<string, string>, once = false) =>
    toTokens(
      (await providerJson(
        `${config.oauthBaseUrl}/oauth/token`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...params }),
        },
        { ...request, isTokenCall: true, once },
      )) as StravaToken,
    );
  const get = (path: string, accessToken: string) => providerJson(`${config.apiBaseUrl}${path}`, { headers: { authorization: `Bearer ${accessToken}` } }, request);
  const app = () => new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret });

  return {
    service: 'STRAVA',
    usesPkce: false,
    authorizeUrl: ({ state, redirectUri }) => {
      const url = new URL(`${config.oauthBaseUrl}/oauth/authorize`);
      url.search = new URLSearchParams({ client_id: config.clientId, response_type: 'code', redirect_uri: redirectUri, approval_prompt: 'force', scope: STRAVA_SCOPE, state }).toString();
      return url.toString();
    },
    // Strava reports the granted scopes on the return URL (`scope=read,activity:read,activity:read_all`).
    scopeIsEnough: (scope) => {
      const granted = (scope ?? '').split(/[,\s]+/);
      return STRAVA_SCOPES.every((needed) => granted.includes(needed));
    },
    exchangeCode: (code) => token({ code, grant_type: 'authorization_code' }, true),
    refresh: (refreshToken) => token({ refresh_token: refreshToken, grant_type: 'refresh_token' }),
    revoke: async ({ accessToken }) => {
      await providerJson(config.revokeUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ access_token: accessToken }) }, request);
    },
    listActivities: async (accessToken, since) => {
      const list: ActivityList = { activities: [], skipped: [], requests: 0, complete: false, resumeAfter: null };
      const after = Math.floor(since.getTime() / 1000);
      let lastStart: Date | null = null;
      for (let page = 1; page <= maxPages; page += 1) {
        const body = await get(`/athlete/activities?after=${after}&per_page=${STRAVA_PAGE_SIZE}&page=${page}`, accessToken);
        list.requests += 1;
        if (!Array.isArray(body)) throw new ProviderError('failed', 'Strava activities answer is not a list', null);
        if (body.length === 0) {
          list.complete = true;
          break;
        }
        for (const raw of body as StravaActivity[]) {
          const read = readStravaActivity(raw ?? {});
          if (typeof read === 'string') list.skipped.push({ externalId: raw?.id === undefined ? null : String(raw.id), reason: read });
          else list.activities.push(read);
          if (typeof raw?.start_date === 'string' && !Number.isNaN(Date.parse(raw.start_date))) lastStart = new Date(raw.start_date);
        }
      }
      // The cap was hit: the next sync asks from the last start read (one second earlier, as `after` is exclusive).
      if (!list.complete && lastStart) list.resumeAfter = new Date(lastStart.getTime() - 1000);
      return list;
    },
    getActivity: async (accessToken, externalId) => {
      try {
        const read = readStravaActivity(((await get(`/activities/${encodeURIComponent(externalId)}`, accessToken)) ?? {}) as StravaActivity);
        if (typeof read === 'string') throw new ProviderError('failed', `Strava activity ${externalId} cannot be read: ${read}`, null);
        return read;
      } catch (error) {
        if (error instanceof ProviderError && error.status === 404) return null;
        throw error;
      }
    },
    // Strava allows one push subscription per application ("Webhook Events API"): its id is ours.
    pushSubscriptionId: async () => {
      const list = (await providerJson(`${config.apiBaseUrl}/push_subscriptions?${app().toString()}`, {}, request)) as { id?: unknown }[] | null;
      const id = Array.isArray(list) ? list[0]?.id : undefined;
      return typeof id === 'number' || typeof id === 'string' ? String(id) : null;
    },
    subscriptions: {
      list: () => providerJson(`${config.apiBaseUrl}/push_subscriptions?${app().toString()}`, {}, request),
      create: (callbackUrl, verifyToken) => {
        const form = app();
        form.set('callback_url', callbackUrl);
        form.set('verify_token', verifyToken);
        return providerJson(`${config.apiBaseUrl}/push_subscriptions`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form }, request);
      },
      remove: async (id) => {
        await providerJson(`${config.apiBaseUrl}/push_subscriptions/${encodeURIComponent(id)}?${app().toString()}`, { method: 'DELETE' }, request);
      },
    },
  };
};
