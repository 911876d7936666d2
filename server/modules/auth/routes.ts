import type { FastifyInstance } from 'fastify';
import { SignupBody, authEndpoints } from '@/contract/auth';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { assertSameOrigin } from './same-origin';
import type { AppDeps } from '../../deps';
import { AppError } from '@/domain/errors';
import { readMultipart } from '../../http/multipart';
import { route } from '../../http/route';
import { FORGOT_PASSWORD_MESSAGE, PASSWORD_CHANGED_MESSAGE, checkResetToken, forgotPassword, resetPassword, signin, signup } from './service';
import { authSessionFor, revokeByToken, rotateRefreshToken, signedOut } from './sessions';

/** Registers the auth endpoints of the contract (src/api/contract/auth.ts). */
export const registerAuthRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  route(app, deps, authEndpoints.signin, async ({ body, request, reply }) => {
    const { userId, refreshToken, familyId } = await signin(deps, body, request, readRefreshCookie(request));
    setRefreshCookie(reply, deps.config, refreshToken);
    return authSessionFor(deps, userId, familyId, deps.clock.now());
  });

  route(app, deps, authEndpoints.signup, async ({ request, reply }) => {
    const { fields, photo } = await readMultipart(request, SignupBody);
    const { userId, refreshToken, familyId } = await signup(deps, fields, photo, request);
    setRefreshCookie(reply, deps.config, refreshToken);
    return authSessionFor(deps, userId, familyId, deps.clock.now());
  });

  route(app, deps, authEndpoints.refresh, async ({ request, reply }) => {
    assertSameOrigin(request, deps.config);
    const token = readRefreshCookie(request);
    try {
      if (!token) throw signedOut();
      const next = await rotateRefreshToken(deps, token);
      setRefreshCookie(reply, deps.config, next.token);
      return await authSessionFor(deps, next.userId, next.familyId, deps.clock.now());
    } catch (error) {
      // A refresh that fails leaves no stale cookie behind (and sends no cookie to a request without one).
      if (token && error instanceof AppError && error.statusCode === 401) clearRefreshCookie(reply, deps.config);
      throw error;
    }
  });

  route(app, deps, authEndpoints.signout, async ({ request, reply }) => {
    assertSameOrigin(request, deps.config);
    const token = readRefreshCookie(request);
    if (!token) return;
    await revokeByToken(deps, token);
    clearRefreshCookie(reply, deps.config);
  });

  route(app, deps, authEndpoints.forgotPassword, async ({ body, request }) => {
    await forgotPassword(deps, body.email, request);
    return { message: FORGOT_PASSWORD_MESSAGE };
  });

  route(app, deps, authEndpoints.checkResetToken, async ({ query }) => {
    await checkResetToken(deps, query.token);
    return { valid: true as const };
  });

  route(app, deps, authEndpoints.resetPassword, async ({ query, body, reply }) => {
    await resetPassword(deps, query.token, body.newPassword);
    clearRefreshCookie(reply, deps.config);
    return { message: PASSWORD_CHANGED_MESSAGE };
  });
};
