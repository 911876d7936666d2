import type { FastifyInstance } from 'fastify';
import { SignupBody, authEndpoints } from '../../../src/api/contract/auth';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from '../../auth/refresh-cookie';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { readMultipart } from '../../http/multipart';
import { route } from '../../http/route';
import { FORGOT_PASSWORD_MESSAGE, PASSWORD_CHANGED_MESSAGE, checkResetToken, forgotPassword, resetPassword, signin, signup } from './service';
import { authSessionFor, revokeByToken, rotateRefreshToken, signedOut } from './sessions';

/** Registers the auth endpoints of the contract (src/api/contract/auth.ts). */
export const registerAuthRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  route(app, deps, authEndpoints.signin, async ({ body, request, reply }) => {
    const { userId, refreshToken } = await signin(deps, body, request);
    setRefreshCookie(reply, deps.config, refreshToken);
    return authSessionFor(deps, userId, deps.clock.now());
  });

  route(app, deps, authEndpoints.signup, async ({ request, reply }) => {
    const { fields, photo } = await readMultipart(request, SignupBody);
    const { userId, refreshToken } = await signup(deps, fields, photo);
    setRefreshCookie(reply, deps.config, refreshToken);
    return authSessionFor(deps, userId, deps.clock.now());
  });

  route(app, deps, authEndpoints.refresh, async ({ request, reply }) => {
    const token = readRefreshCookie(request);
    try {
      if (!token) throw signedOut();
      const next = await rotateRefreshToken(deps, token);
      setRefreshCookie(reply, deps.config, next.token);
      return await authSessionFor(deps, next.userId, deps.clock.now());
    } catch (error) {
      // A refresh that fails leaves no stale cookie behind.
      if (error instanceof AppError && error.statusCode === 401) clearRefreshCookie(reply, deps.config);
      throw error;
    }
  });

  route(app, deps, authEndpoints.signout, async ({ request, reply }) => {
    const token = readRefreshCookie(request);
    if (token) await revokeByToken(deps, token);
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
