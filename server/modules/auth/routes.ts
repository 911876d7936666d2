import { SignupBody, authEndpoints } from '@/contract/auth';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { assertSameOrigin } from './same-origin';
import type { AppDeps } from '../../deps';
import { AppError } from '@/domain/errors';
import { readMultipart } from '../../http/multipart';
import { route, type RouteTable } from '../../http/route-table';
import { FORGOT_PASSWORD_MESSAGE, PASSWORD_CHANGED_MESSAGE, authService } from './service';
import { signedOut } from './sessions';
import { assertPasswordSignin } from '../../http/password-signin';

/** Registers the auth endpoints of the contract (src/api/contract/auth.ts). */
export const registerAuthRoutes = async (app: RouteTable, deps: AppDeps) => {
  const service = authService(deps);

  route(app, authEndpoints.signin, async ({ body, request, reply }) => {
    assertSameOrigin(request, deps.config);
    assertPasswordSignin(deps.config);
    const { userId, refreshToken, familyId } = await service.signin(body, request, readRefreshCookie(request));
    setRefreshCookie(reply, deps.config, refreshToken);
    return service.session(userId, familyId);
  });

  route(app, authEndpoints.signup, async ({ request, reply }) => {
    assertSameOrigin(request, deps.config);
    assertPasswordSignin(deps.config);
    const { fields, photo } = await readMultipart(request, SignupBody);
    const { userId, refreshToken, familyId } = await service.signup(fields, photo, request);
    setRefreshCookie(reply, deps.config, refreshToken);
    return service.session(userId, familyId);
  });

  route(app, authEndpoints.refresh, async ({ request, reply }) => {
    assertSameOrigin(request, deps.config);
    const token = readRefreshCookie(request);
    try {
      if (!token) throw signedOut();
      const next = await service.refresh(token);
      setRefreshCookie(reply, deps.config, next.token);
      return await service.session(next.userId, next.familyId);
    } catch (error) {
      // A refresh that fails leaves no stale cookie behind (and sends no cookie to a request without one).
      if (token && error instanceof AppError && error.statusCode === 401) clearRefreshCookie(reply, deps.config);
      throw error;
    }
  });

  route(app, authEndpoints.signout, async ({ request, reply }) => {
    assertSameOrigin(request, deps.config);
    const token = readRefreshCookie(request);
    if (!token) return;
    await service.signout(token);
    clearRefreshCookie(reply, deps.config);
  });

  route(app, authEndpoints.forgotPassword, async ({ body, request }) => {
    assertPasswordSignin(deps.config);
    await service.forgotPassword(body.email, request);
    return { message: FORGOT_PASSWORD_MESSAGE };
  });

  route(app, authEndpoints.checkResetToken, async ({ query }) => {
    assertPasswordSignin(deps.config);
    await service.checkResetToken(query.token);
    return { valid: true as const };
  });

  route(app, authEndpoints.resetPassword, async ({ query, body, reply }) => {
    assertPasswordSignin(deps.config);
    await service.resetPassword(query.token, body.newPassword);
    clearRefreshCookie(reply, deps.config);
    return { message: PASSWORD_CHANGED_MESSAGE };
  });
};
