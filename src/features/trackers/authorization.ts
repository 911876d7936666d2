import type { ApiType } from '../../api/contract/trackers';
import type { ClientConfig } from '../../api/contract/system';

/**
 * The round trip to a provider's authorisation page. What must survive the page change lives in
 * sessionStorage (this tab only) until the return page has used it: Fitbit's PKCE verifier and the
 * `state` that proves the return belongs to a connection started here.
 */
const PENDING_KEY = 'wellness.trackerAuthorisation';

type Pending = { service: ApiType; state: string; codeVerifier?: string };

/** Navigation out of the app, in one object so tests can watch it. */
export const browserNavigation = {
  assign: (url: string) => window.location.assign(url),
};

const base64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');

const randomString = (bytes: number) => base64Url(crypto.getRandomValues(new Uint8Array(bytes)));

/** RFC 7636 S256: base64url(SHA-256(verifier)). */
export const codeChallengeOf = async (verifier: string) => base64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));

const STRAVA_SCOPE = 'activity:read_all';
const FITBIT_SCOPE = 'activity nutrition heartrate location';

/** Builds the provider URL of SPEC section 7 ("Tracker authorisation redirects") and remembers the pending state. */
export const authorizationUrl = async (service: ApiType, config: NonNullable<ClientConfig['strava']>, origin = window.location.origin) => {
  const state = randomString(16);
  const url = new URL(config.authorizeUrl);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', state);
  if (service === 'STRAVA') {
    url.searchParams.set('redirect_uri', `${origin}/strava`);
    url.searchParams.set('approval_prompt', 'force');
    url.searchParams.set('scope', STRAVA_SCOPE);
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ service, state } satisfies Pending));
    return url.toString();
  }
  const codeVerifier = randomString(48); // 64 characters, inside PKCE's 43-128
  url.searchParams.set('redirect_uri', `${origin}/fitbit`);
  url.searchParams.set('scope', FITBIT_SCOPE);
  url.searchParams.set('code_challenge', await codeChallengeOf(codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ service, state, codeVerifier } satisfies Pending));
  return url.toString();
};

/** Reads and forgets the pending authorisation of `service`; null when none was started in this tab. */
export const takePendingAuthorization = (service: ApiType): Pending | null => {
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  try {
    const pending = raw ? (JSON.parse(raw) as Pending) : null;
    return pending?.service === service ? pending : null;
  } catch {
    return null;
  }
};
