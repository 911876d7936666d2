import { expectString, providerJson, ProviderError, type ProviderBudget } from '../provider-request';
import type { ActivityList, ProviderClient, ProviderTokens } from '../types';
import { readPolarExercise, type PolarExercise } from './exercise';
import type { PolarSettings } from './settings';

/** The one AccessLink scope: read access to the user's data. */
export const POLAR_SCOPE = 'accesslink.read_all';
/** AccessLink's non-transactional listing holds the exercises uploaded in the last 30 days. */
export const POLAR_LISTING_DAYS = 30;

export type PolarClient = ProviderClient & {
  /** Creates the app's webhook (EXERCISE events); AccessLink pings the URL first. Returns the id and the signature secret, shown only now. */
  createWebhook: () => Promise<{ id: string; signatureSecret: string }>;
};

/**
 * Polar AccessLink API v3: OAuth 2.0 authorisation code (client authentication by HTTP Basic at the
 * token endpoint), then the user is registered with the app (`POST /v3/users`) before any data can
 * be read; exercises from `GET /v3/exercises`; withdrawal by de-registering (`DELETE /v3/users/{id}`).
 */
export const createPolarClient = (settings: PolarSettings, budget: ProviderBudget, now: () => number = Date.now): PolarClient => {
  const request = { provider: 'polar', budget, now };
  // btoa, not Buffer: this code also runs in the browser (mock mode). Client ids and secrets are ASCII.
  const basic = `Basic ${btoa(`${settings.clientId}:${settings.clientSecret}`)}`;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}`, accept: 'application/json' });

  /** Registers the user with this app; 409 (already registered, e.g. connecting again) is fine. */
  const register = async (accessToken: string, polarUserId: string) => {
    try {
      await providerJson(
        `${settings.apiBaseUrl}/v3/users`,
        { method: 'POST', headers: { ...bearer(accessToken), 'content-type': 'application/json' }, body: JSON.stringify({ 'member-id': `wellness-${polarUserId}` }) },
        { ...request, once: true },
      );
    } catch (error) {
      if (error instanceof ProviderError && error.status === 409) return;
      throw error;
    }
  };

  return {
    service: 'POLAR',
    usesPkce: false,
    authorizeUrl: ({ state, redirectUri }) => {
      const url = new URL(settings.authorizeUrl);
      url.search = new URLSearchParams({ response_type: 'code', client_id: settings.clientId, redirect_uri: redirectUri, scope: POLAR_SCOPE, state }).toString();
      return url.toString();
    },
    // AccessLink grants its one scope with every authorisation and reports none: there is nothing less to accept.
    scopeIsEnough: () => true,
    exchangeCode: async (code, redirectUri): Promise<ProviderTokens> => {
      const at = now();
      const body = (await providerJson(
        settings.tokenUrl,
        {
          method: 'POST',
          headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json;charset=UTF-8' },
          body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
        },
        { ...request, isTokenCall: true, once: true },
      )) as { access_token?: unknown; expires_in?: unknown; x_user_id?: unknown } | null;
      const accessToken = expectString(body?.access_token, 'access token');
      const polarUserId = expectString(body?.x_user_id, 'user id');
      await register(accessToken, polarUserId);
      return {
        accessToken,
        // AccessLink issues no refresh token: its access token lasts (years) until the user is de-registered.
        refreshToken: null,
        expiresAt: typeof body?.expires_in === 'number' ? new Date(at + body.expires_in * 1000) : null,
        externalUserId: polarUserId,
        scope: POLAR_SCOPE,
      };
    },
    refresh: () => Promise.reject(new ProviderError('unauthorized', 'Polar issues no refresh token', null)),
    revoke: async ({ accessToken, externalUserId }) => {
      if (!externalUserId) throw new ProviderError('invalid_grant', 'no Polar user id to de-register', null);
      // De-registering also revokes the access token ("Delete user").
      await providerJson(`${settings.apiBaseUrl}/v3/users/${encodeURIComponent(externalUserId)}`, { method: 'DELETE', headers: bearer(accessToken) }, request);
    },
    listActivities: async (accessToken, since) => {
      const list: ActivityList = { activities: [], skipped: [], requests: 1, complete: true, resumeAfter: null };
      const body = await providerJson(`${settings.apiBaseUrl}/v3/exercises`, { headers: bearer(accessToken) }, request);
      // An empty answer is no exercises (204); anything else than a list cannot be read.
      const exercises = body ?? [];
      if (!Array.isArray(exercises)) throw new ProviderError('failed', 'Polar answer has no exercise list', null);
      for (const exercise of exercises as PolarExercise[]) {
        const read = readPolarExercise(exercise ?? {});
        if (typeof read === 'string') list.skipped.push({ externalId: typeof exercise?.id === 'string' ? exercise.id : null, reason: read });
        else if (read.startAt >= since) list.activities.push(read);
      }
      return list;
    },
    /**
     * Creates the app's webhook. Its secret comes only with this answer ("Save the signature_secret_key
     * ... this is the only chance to get it"): a 409 means one exists whose secret we never kept (the
     * app stopped between AccessLink's answer and keeping it), so that one is deleted and made again.
     */
    createWebhook: async () => {
      const webhooks = `${settings.apiBaseUrl}/v3/webhooks`;
      const headers = { authorization: basic, accept: 'application/json' };
      const create = async () =>
        (await providerJson(webhooks, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ events: ['EXERCISE'], url: settings.webhookUrl }) }, { ...request, once: true })) as {
          data?: { id?: unknown; signature_secret_key?: unknown };
        } | null;
      let body;
      try {
        body = await create();
      } catch (error) {
        if (!(error instanceof ProviderError) || error.status !== 409) throw error;
        const existing = (await providerJson(webhooks, { headers }, request)) as { data?: { id?: unknown }[] } | null;
        for (const webhook of existing?.data ?? []) await providerJson(`${webhooks}/${encodeURIComponent(expectString(webhook?.id, 'webhook id'))}`, { method: 'DELETE', headers }, request);
        body = await create();
      }
      return { id: expectString(body?.data?.id, 'webhook id'), signatureSecret: expectString(body?.data?.signature_secret_key, 'signature secret') };
    },
  };
};
