import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID provider for the tests: the certified `oidc-provider` package on a loopback port
 * (0: any free one), with one confidential client and a plain sign-in page (e-mail, 'Continue')
 * in place of a company's login screen. Consent is implied for the app (a first-party client).
 */
/** `department`: a company claim (released with the profile scope), as directories send one. */
export type IdpAccount = { email: string; emailVerified: boolean; givenName?: string; familyName?: string; name?: string; department?: string };

export type TestIdentityProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds (or replaces) the person who may sign in with `email`. */
  addAccount: (account: IdpAccount) => void;
  /** Seconds an authorization code lives (default 60). */
  setCodeTtl: (seconds: number) => void;
  /** The sign-in on the provider's page counts as made this many seconds ago (its ID tokens' `auth_time`; default 0). */
  setLoginAge: (seconds: number) => void;
  close: () => Promise<void>;
};

const page = (uid: string, error = '') => `<!doctype html><html lang="en"><head><title>Test identity provider</title></head><body>
<main><h1>Test identity provider</h1>${error ? `<p role="alert">${error}</p>` : ''}
<form method="post" action="/interaction/${uid}/login"><label>Work e-mail <input name="email" type="email" autocomplete="username"></label>
<button type="submit">Continue</button></form></main></body></html>`;

const readForm = async (request: IncomingMessage) => {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return new URLSearchParams(body);
};

export const startIdentityProvider = async (options: { redirectUris: string[]; port?: number; clientSecret?: string }): Promise<TestIdentityProvider> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, IdpAccount>();
  const clientId = 'wellness-challenge';
  const clientSecret = options.clientSecret ?? `secret-${randomUUID()}`;
  let codeTtl = 60;
  let loginAge = 0;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const configuration: Configuration = {
    // require_auth_time: every ID token says when the person signed in (re-authentication checks it).
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: options.redirectUris, response_types: ['code'], grant_types: ['authorization_code'], token_endpoint_auth_method: 'client_secret_basic', require_auth_time: true }],
    jwks: { keys: [{ ...signingKey, kid: 'test-signing-key', use: 'sig', alg: 'RS256' }] as never },
    cookies: { keys: [randomUUID()] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name', 'department'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: () => codeTtl },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          ...(account.givenName ? { given_name: account.givenName } : {}),
          ...(account.familyName ? { family_name: account.familyName } : {}),
          ...(account.name ? { name: account.name } : {}),
          ...(account.department ? { department: account.department } : {}),
        }),
      };
    },
    // The app is first-party: its scopes are granted without a consent screen.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(request.url ?? '');
    if (!match) return void callback(request, response);
    void (async () => {
      const details = await provider.interactionDetails(request, response);
      response.setHeader('content-type', 'text/html; charset=utf-8');
      if (!match[2]) return void response.end(page(details.uid));
      const email = (await readForm(request)).get('email')?.trim().toLowerCase() ?? '';
      if (!accounts.has(email)) return void response.end(page(details.uid, 'No account with this e-mail'));
      await provider.interactionFinished(request, response, { login: { accountId: email, ts: Math.floor(Date.now() / 1000) - loginAge } }, { mergeWithLastSubmission: false });
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount: (account) => void accounts.set(account.email.toLowerCase(), account),
    setCodeTtl: (seconds) => {
      codeTtl = seconds;
    },
    setLoginAge: (seconds) => {
      loginAge = seconds;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/**
 * A browser at the provider, as far as the tests need one: opens the authorization URL, signs in
 * as `email` on the provider's page, follows its redirects (with its cookies) and returns the
 * query string the provider sends back to `redirectUri`.
 */
export const signInAtProvider = async (authorizationUrl: string, email: string, redirectUri: string) => {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let hop = 0; hop < 12; hop += 1) {
    if (url.startsWith(redirectUri)) return new URL(url).search;
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() } });
    keep(response);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      init = {};
      continue;
    }
    const html = await response.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the provider answered ${response.status} without a way on: ${html.slice(0, 300)}`);
    if (html.includes('role="alert"')) throw new Error(`the provider refused ${email}`);
    url = new URL(action, url).href;
    init = { method: 'POST', body: new URLSearchParams({ email }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('too many redirects at the provider');
};
