import type { FastifyInstance } from 'fastify';
import type { AppConfig, OidcConfig } from '../../../server/config';
import { signInAtProvider, type TestIdentityProvider } from '../../support/identity-provider';
import { fields, multipart } from '../auth/fixtures';

export const APP_ORIGIN = 'http://localhost:3000';
export const REDIRECT_URI = `${APP_ORIGIN}/sso/callback`;

export const oidcConfigOf = (idp: TestIdentityProvider, buttonLabel = 'Acme SSO'): OidcConfig => ({
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  buttonLabel,
  redirectUri: REDIRECT_URI,
});

export const ssoConfig = (idp: TestIdentityProvider, overrides: Partial<AppConfig> = {}): Partial<AppConfig> => ({ appOrigin: APP_ORIGIN, oidc: oidcConfigOf(idp), ...overrides });

type Injected = { statusCode: number; cookies: { name: string; value: string; maxAge?: number }[]; json: () => unknown };

/** `name=value` of a cookie the response set (undefined when it set none or cleared it). */
export const cookieOf = (response: Injected, name: string) => {
  const cookie = response.cookies.find((candidate) => candidate.name === name);
  return cookie && cookie.value !== '' ? `${name}=${cookie.value}` : undefined;
};

/** 'Sign in with': the provider's URL and the attempt cookie. */
export const startSignIn = async (app: FastifyInstance) => {
  const response = await app.inject({ method: 'POST', url: '/api/auth/sso/start' });
  expect(response.statusCode).toBe(200);
  const attemptCookie = cookieOf(response, 'wc_sso_attempt');
  expect(attemptCookie).toBeDefined();
  return { authorizationUrl: (response.json() as { authorizationUrl: string }).authorizationUrl, attemptCookie: attemptCookie! };
};

export const postCallback = (app: FastifyInstance, search: string, cookie?: string) =>
  app.inject({ method: 'POST', url: '/api/auth/sso/callback', payload: { search }, headers: cookie ? { cookie } : {} });

/** The whole round trip as a browser makes it: start, sign in at the provider as `email`, back to the app. */
export const ssoRoundTrip = async (app: FastifyInstance, email: string) => {
  const { authorizationUrl, attemptCookie } = await startSignIn(app);
  const search = await signInAtProvider(authorizationUrl, email, REDIRECT_URI);
  return postCallback(app, search, attemptCookie);
};

export const profileForm = (values: Record<string, string> = {}) =>
  multipart(fields({ firstName: 'Nora', lastName: 'Newcomer', dateOfBirth: '1990-06-15', gender: 'female', levelOfCompetition: 'Advanced', ...values }));
