import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { base64url, fakeRequestOf, json, sha256Base64url } from './providers/fake-http';

/**
 * A small OpenID Connect provider for mock mode, where the tests' oidc-provider (Node only) cannot
 * run: discovery, the authorization code flow with PKCE (S256, required), client_secret_basic at
 * the token endpoint, an ES256 ID token (jose on WebCrypto) and its JWKS, UserInfo. It answers as
 * OpenID Connect Core 1.0 and RFC 6749/7636/9207 say: a wrong client or redirect URI is never sent
 * back (its page shows the error), other refusals return `error=` to the redirect URI, a code lives
 * 60 s and works once. The person who signs in is picked on its page (provider-page.ts).
 */
export type IdpPerson = { email: string; emailVerified: boolean; givenName: string; familyName: string; department?: string };
export type IdpClient = { clientId: string; clientSecret: string; redirectUris: string[] };

type IssuedCode = { redirectUri: string; nonce: string | null; challenge: string; person: IdpPerson; authTime: number; expiresAt: number };

export type IdpState = {
  key: { privateJwk: JWK; publicJwk: JWK } | null;
  codes: Record<string, IssuedCode>;
  accessTokens: Record<string, { person: IdpPerson; expiresAt: number }>;
  /** QA's switch: the provider is down (its endpoints give no answer). */
  unavailable: boolean;
};

export const newIdpState = (): IdpState => ({ key: null, codes: {}, accessTokens: {}, unavailable: false });

const CODE_TTL_S = 60;
const TOKEN_TTL_S = 3600;
const KID = 'mock-idp-es256';
const now = () => Math.floor(Date.now() / 1000);
const randomId = () => base64url(crypto.getRandomValues(new Uint8Array(18)));
const oauthError = (status: number, error: string, description: string) => json(status, { error, error_description: description });
/** RFC 6749 2.3.1: id and secret are form-encoded before they are joined and base64-encoded. */
const basicCredentials = (header: string) => {
  try {
    const decoded = atob(header.replace(/^Basic /, ''));
    return decoded.split(':', 2).map((part) => decodeURIComponent(part.replace(/\+/g, ' ')));
  } catch {
    return [];
  }
};
const subjectOf = (person: IdpPerson) => base64url(person.email.toLowerCase());

/** `issuer`: where its endpoints answer (fetched by the app's server code); `authorizePage`: the page a browser is sent to. */
export const identityProvider = (options: { issuer: string; authorizePage: string; client: IdpClient }) => {
  const { issuer, client } = options;
  const signingKey = async (state: IdpState) => {
    if (!state.key) {
      const pair = await generateKeyPair('ES256', { extractable: true });
      state.key = { privateJwk: await exportJWK(pair.privateKey), publicJwk: { ...(await exportJWK(pair.publicKey)), kid: KID, use: 'sig', alg: 'ES256' } };
    }
    return state.key;
  };
  const claimsOf = (person: IdpPerson) => ({
    email: person.email,
    email_verified: person.emailVerified,
    given_name: person.givenName,
    family_name: person.familyName,
    name: `${person.givenName} ${person.familyName}`,
    ...(person.department ? { department: person.department } : {}),
  });

  const token = async (state: IdpState, request: Request) => {
    const { form, authorization } = await fakeRequestOf(request);
    if (basicCredentials(authorization).join(':') !== `${client.clientId}:${client.clientSecret}`) return oauthError(401, 'invalid_client', 'client authentication failed');
    if (form.get('grant_type') !== 'authorization_code') return oauthError(400, 'unsupported_grant_type', 'only authorization_code');
    const code = form.get('code') ?? '';
    const issued = state.codes[code];
    delete state.codes[code];
    if (!issued || issued.expiresAt < now() || issued.redirectUri !== form.get('redirect_uri')) return oauthError(400, 'invalid_grant', 'grant request is invalid');
    if ((await sha256Base64url(form.get('code_verifier') ?? '')) !== issued.challenge) return oauthError(400, 'invalid_grant', 'PKCE verification failed');
    const key = await signingKey(state);
    const idToken = await new SignJWT({ ...claimsOf(issued.person), auth_time: issued.authTime, ...(issued.nonce ? { nonce: issued.nonce } : {}) })
      .setProtectedHeader({ alg: 'ES256', kid: KID, typ: 'JWT' })
      .setIssuer(issuer)
      .setSubject(subjectOf(issued.person))
      .setAudience(client.clientId)
      .setIssuedAt(now())
      .setExpirationTime(now() + TOKEN_TTL_S)
      .sign(await importJWK(key.privateJwk, 'ES256'));
    const accessToken = randomId();
    state.accessTokens[accessToken] = { person: issued.person, expiresAt: now() + TOKEN_TTL_S };
    return json(200, { access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_TTL_S, scope: 'openid email profile', id_token: idToken }, { 'cache-control': 'no-store' });
  };

  return {
    /** The provider's endpoints, as fetched from `issuer`. */
    handle: async (state: IdpState, request: Request): Promise<Response> => {
      // A host that is down gives no answer at all: fetch fails as it does offline.
      if (state.unavailable) throw new TypeError('fetch failed: the identity provider does not answer');
      const path = new URL(request.url).pathname;
      if (path === '/.well-known/openid-configuration')
        return json(200, {
          issuer,
          authorization_endpoint: options.authorizePage,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          userinfo_endpoint: `${issuer}/userinfo`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['ES256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
          scopes_supported: ['openid', 'email', 'profile'],
          claims_supported: ['sub', 'email', 'email_verified', 'given_name', 'family_name', 'name', 'department', 'auth_time'],
          authorization_response_iss_parameter_supported: true,
        });
      if (path === '/jwks') return json(200, { keys: [(await signingKey(state)).publicJwk] });
      if (path === '/token' && request.method === 'POST') return token(state, request);
      if (path === '/userinfo') {
        const found = state.accessTokens[(request.headers.get('authorization') ?? '').replace(/^Bearer /, '')];
        if (!found || found.expiresAt < now()) return new Response(null, { status: 401, headers: { 'www-authenticate': 'Bearer error="invalid_token"' } });
        return json(200, { sub: subjectOf(found.person), ...claimsOf(found.person) });
      }
      return json(404, { error: 'not_found' });
    },

    /**
     * The authorization request of a page URL, answered for `person` (null: the person cancelled):
     * where the browser goes next, or the error the page shows when it must not send it back.
     */
    authorize: async (state: IdpState, url: URL, person: IdpPerson | null): Promise<{ location: string } | { error: string }> => {
      const ask = url.searchParams;
      const redirectUri = ask.get('redirect_uri') ?? '';
      if (ask.get('client_id') !== client.clientId) return { error: 'Unknown client_id: this application is not registered here.' };
      if (!client.redirectUris.includes(redirectUri)) return { error: `The redirect_uri ${redirectUri || '(none)'} is not registered for this application.` };
      const back = new URL(redirectUri);
      const answer = (fields: Record<string, string>) => {
        back.search = new URLSearchParams({ ...fields, ...(ask.has('state') ? { state: ask.get('state')! } : {}), iss: issuer }).toString();
        return { location: back.href };
      };
      if (state.unavailable) return answer({ error: 'temporarily_unavailable' });
      if (ask.get('response_type') !== 'code') return answer({ error: 'unsupported_response_type' });
      if (!(ask.get('scope') ?? '').split(' ').includes('openid')) return answer({ error: 'invalid_scope', error_description: 'openid is required' });
      if (ask.get('code_challenge_method') !== 'S256' || !ask.get('code_challenge')) return answer({ error: 'invalid_request', error_description: 'PKCE with S256 is required' });
      if (!person) return answer({ error: 'access_denied', error_description: 'The person cancelled the sign-in' });
      const code = randomId();
      state.codes[code] = { redirectUri, nonce: ask.get('nonce'), challenge: ask.get('code_challenge')!, person, authTime: now(), expiresAt: now() + CODE_TTL_S };
      return answer({ code });
    },
  };
};

export type IdentityProvider = ReturnType<typeof identityProvider>;
