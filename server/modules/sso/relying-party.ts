import type * as Oidc from 'openid-client';
import type { OidcConfig } from '../../config';
import type { SsoClaims } from '@/domain/sso-rules';
import { ssoFailed, ssoProviderUnavailable } from '@/domain/sso-rules';

/**
 * The app as an OpenID Connect relying party (openid-client): the provider's discovery document,
 * the authorization code flow with PKCE (S256), state and nonce, and the ID token's validation
 * (signature from the provider's JWKS, issuer, audience, expiry, nonce) done by the library.
 */

/**
 * The secrets of one sign-in attempt, kept sealed in the browser until the provider sends it back;
 * `reauthenticate`: 'Confirm with' of a signed-in employee (the account it must come back for).
 */
export type SignInAttempt = { state: string; nonce: string; codeVerifier: string; reauthenticate?: Reauthentication };
export type Reauthentication = { userId: number };

/**
 * How old the provider's sign-in (the ID token's `auth_time`) may be when a re-authentication comes
 * back: `max_age=0` asks for a new one, and a provider that ignores it is caught here (openid-client
 * also allows 30 s of clock difference).
 */
const REAUTHENTICATION_MAX_AGE_SECONDS = 120;

const SCOPE = 'openid email profile';

/** Plain http is allowed only for a provider on this machine (tests, a local Keycloak); anything else needs https. */
const isLoopbackHttp = (url: URL) => url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/** One discovery per provider and process; a failed one is forgotten so the next sign-in tries again. */
const discovered = new Map<string, Promise<Oidc.Configuration>>();

/** openid-client loads with the first sign-in through a provider, not at every start. */
let oidcLoaded: typeof Oidc | undefined;
let oidcLoading: Promise<typeof Oidc> | undefined;
const openidClient = () => (oidcLoading ??= import('openid-client').then((loaded) => (oidcLoaded = loaded)));

const configurationOf = async (config: OidcConfig) => {
  const oidc = await openidClient();
  const key = JSON.stringify([config.issuer, config.clientId, config.clientSecret]);
  let pending = discovered.get(key);
  if (!pending) {
    const issuer = new URL(config.issuer);
    pending = oidc.discovery(issuer, config.clientId, undefined, oidc.ClientSecretBasic(config.clientSecret), {
      execute: isLoopbackHttp(issuer) ? [oidc.allowInsecureRequests] : [],
      timeout: 10,
    });
    discovered.set(key, pending);
    pending.catch(() => discovered.delete(key));
  }
  return pending;
};

/** Network trouble and the provider's 5xx are 'unavailable'; everything else about the answer is a failed sign-in. */
const isUnreachable = (error: unknown) =>
  error instanceof TypeError || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) || (oidcLoaded !== undefined && error instanceof oidcLoaded.ResponseBodyError && error.status >= 500);

type Log = { warn: (details: object, message: string) => void };

const translate = (config: OidcConfig, log: Log, error: unknown): never => {
  log.warn({ err: error, issuer: config.issuer }, 'single sign-on failed');
  if (isUnreachable(error)) throw ssoProviderUnavailable(config.buttonLabel);
  throw ssoFailed();
};

/**
 * A new attempt and the provider's page to send the browser to. A re-authentication asks the
 * provider to take the credentials again (`prompt=login`, `max_age=0`), for the signed-in address.
 */
export const beginSignIn = async (config: OidcConfig, log: Log, reauthenticate?: Reauthentication & { email: string }) => {
  const configuration = await configurationOf(config).catch((error: unknown) => translate(config, log, error));
  const oidc = await openidClient();
  const attempt: SignInAttempt = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
  if (reauthenticate) attempt.reauthenticate = { userId: reauthenticate.userId };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: config.redirectUri,
    scope: SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(attempt.codeVerifier),
    code_challenge_method: 'S256',
    state: attempt.state,
    nonce: attempt.nonce,
    ...(reauthenticate ? { prompt: 'login', max_age: '0', login_hint: reauthenticate.email } : {}),
  });
  return { attempt, authorizationUrl: url.href };
};

/**
 * Redeems the provider's answer (`search`: the callback's query string) for validated claims. The
 * ID token must carry our nonce (and, for a re-authentication, an `auth_time` within
 * REAUTHENTICATION_MAX_AGE_SECONDS); email and email_verified come from it, or from UserInfo when the
 * provider keeps them there (the subject must then match the ID token's).
 */
export const finishSignIn = async (config: OidcConfig, attempt: SignInAttempt, search: string, log: Log): Promise<SsoClaims & { iss: string; sub: string }> => {
  try {
    const configuration = await configurationOf(config);
    const oidc = await openidClient();
    const callbackUrl = new URL(config.redirectUri);
    callbackUrl.search = search.startsWith('?') ? search : `?${search}`;
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
      ...(attempt.reauthenticate ? { maxAge: REAUTHENTICATION_MAX_AGE_SECONDS } : {}),
    });
    const claims = tokens.claims()!;
    if (claims.email !== undefined && claims.email_verified !== undefined) return claims;
    const userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    return { ...userInfo, ...claims, email: claims.email ?? userInfo.email, email_verified: claims.email_verified ?? userInfo.email_verified };
  } catch (error) {
    return translate(config, log, error);
  }
};
