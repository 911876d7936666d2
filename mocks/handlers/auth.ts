import type { HttpHandler } from 'msw';
import { authEndpoints } from '@/contract/auth';
import {
  checkResetToken,
  forgotPassword,
  FORGOT_PASSWORD_MESSAGE,
  PASSWORD_CHANGED_MESSAGE,
  resetPassword,
  signin,
  signup,
} from '../auth/accounts';
import {
  authSessionFor,
  REFRESH_COOKIE,
  REFRESH_COOKIE_OPTIONS,
  REFRESH_TTL_DAYS,
  revokeByToken,
  rotateRefreshToken,
  signedOut,
} from '../auth/sessions';
import { AppError } from '../errors';
import { mockRoute, type MockReply } from '../http';
import { assertPasswordSignin } from '../sso/password-signin';

/** The refresh cookie, as the API's modules/auth/refresh-cookie.ts sets and clears it. */
const setRefreshCookie = (reply: MockReply, token: string) =>
  reply.setCookie(REFRESH_COOKIE, token, { ...REFRESH_COOKIE_OPTIONS, maxAge: REFRESH_TTL_DAYS * 24 * 60 * 60 });
const clearRefreshCookie = (reply: MockReply) => reply.clearCookie(REFRESH_COOKIE, REFRESH_COOKIE_OPTIONS);
const readRefreshCookie = (cookies: Record<string, string>) => {
  const value = cookies[REFRESH_COOKIE];
  return value && value.length <= 256 ? value : undefined;
};

/** Every endpoint of src/api/contract/auth.ts, stateful over the mock db (the API's modules/auth/routes.ts). */
export const authHandlers: HttpHandler[] = [
  mockRoute(authEndpoints.signin, ({ body, reply }) => {
    assertPasswordSignin();
    const { userId, refreshToken } = signin(body);
    setRefreshCookie(reply, refreshToken);
    return authSessionFor(userId);
  }),

  mockRoute(authEndpoints.signup, ({ body, files, reply }) => {
    assertPasswordSignin();
    const { userId, refreshToken } = signup(body, files.photo);
    setRefreshCookie(reply, refreshToken);
    return authSessionFor(userId);
  }),

  mockRoute(authEndpoints.refresh, ({ cookies, reply }) => {
    const token = readRefreshCookie(cookies);
    try {
      if (!token) throw signedOut();
      const next = rotateRefreshToken(token);
      setRefreshCookie(reply, next.token);
      return authSessionFor(next.userId);
    } catch (error) {
      // A refresh that fails leaves no stale cookie behind.
      if (error instanceof AppError && error.statusCode === 401) clearRefreshCookie(reply);
      throw error;
    }
  }),

  mockRoute(authEndpoints.signout, ({ cookies, reply }) => {
    const token = readRefreshCookie(cookies);
    if (token) revokeByToken(token);
    clearRefreshCookie(reply);
  }),

  mockRoute(authEndpoints.forgotPassword, ({ body }) => {
    assertPasswordSignin();
    forgotPassword(body.email);
    return { message: FORGOT_PASSWORD_MESSAGE };
  }),

  mockRoute(authEndpoints.checkResetToken, ({ query }) => {
    assertPasswordSignin();
    checkResetToken(query.token);
    return { valid: true as const };
  }),

  mockRoute(authEndpoints.resetPassword, ({ query, body, reply }) => {
    assertPasswordSignin();
    resetPassword(query.token, body.newPassword);
    clearRefreshCookie(reply);
    return { message: PASSWORD_CHANGED_MESSAGE };
  }),
];
