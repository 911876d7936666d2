import type { HttpHandler } from 'msw';
import { ssoEndpoints } from '@/contract/sso';
import { authSessionFor, REFRESH_COOKIE, REFRESH_COOKIE_OPTIONS, REFRESH_TTL_DAYS } from '../auth/sessions';
import { mockRoute, type MockReply } from '../http';
import { completeSsoProfile, ssoCallback, ssoProfile, startSso } from '../sso/flow';

/** The cookies of the API's modules/sso/cookies.ts (the mock keeps their contents in its db instead of sealing them). */
const ATTEMPT_COOKIE = 'wc_sso_attempt';
const NEWCOMER_COOKIE = 'wc_sso_newcomer';
const SSO_COOKIE_OPTIONS = { path: '/api/auth/sso', httpOnly: true, sameSite: 'Strict' as const };

const setRefreshCookie = (reply: MockReply, token: string) => reply.setCookie(REFRESH_COOKIE, token, { ...REFRESH_COOKIE_OPTIONS, maxAge: REFRESH_TTL_DAYS * 24 * 60 * 60 });

/** Every endpoint of src/api/contract/sso.ts (the API's modules/sso/routes.ts), the provider simulated. */
export const ssoHandlers: HttpHandler[] = [
  mockRoute(ssoEndpoints.start, ({ reply }) => {
    const { authorizationUrl, attempt } = startSso();
    reply.setCookie(ATTEMPT_COOKIE, attempt, { ...SSO_COOKIE_OPTIONS, maxAge: 10 * 60 });
    return { authorizationUrl };
  }),

  mockRoute(ssoEndpoints.reauthenticate, ({ user, reply }) => {
    const { authorizationUrl, attempt } = startSso({ userId: user.id });
    reply.setCookie(ATTEMPT_COOKIE, attempt, { ...SSO_COOKIE_OPTIONS, maxAge: 10 * 60 });
    return { authorizationUrl };
  }),

  mockRoute(ssoEndpoints.callback, ({ body, cookies, reply }) => {
    reply.clearCookie(ATTEMPT_COOKIE, SSO_COOKIE_OPTIONS);
    // The refresh cookie (path /api/auth) names the sign-in a re-authentication replaces.
    const outcome = ssoCallback(body.search, cookies[ATTEMPT_COOKIE], cookies[REFRESH_COOKIE]);
    if (outcome.kind === 'profile-required') {
      reply.setCookie(NEWCOMER_COOKIE, outcome.newcomerId, { ...SSO_COOKIE_OPTIONS, maxAge: 30 * 60 });
      return { status: 'profile-required' as const, profile: outcome.profile };
    }
    reply.clearCookie(NEWCOMER_COOKIE, SSO_COOKIE_OPTIONS);
    setRefreshCookie(reply, outcome.refreshToken);
    return { status: outcome.kind, session: authSessionFor(outcome.userId) };
  }),

  mockRoute(ssoEndpoints.profile, ({ cookies }) => ssoProfile(cookies[NEWCOMER_COOKIE])),

  mockRoute(ssoEndpoints.completeProfile, ({ body, files, cookies, reply }) => {
    const { userId, refreshToken } = completeSsoProfile(cookies[NEWCOMER_COOKIE], body, files.photo);
    reply.clearCookie(NEWCOMER_COOKIE, SSO_COOKIE_OPTIONS);
    setRefreshCookie(reply, refreshToken);
    return authSessionFor(userId);
  }),
];
