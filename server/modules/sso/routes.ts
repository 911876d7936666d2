import { SsoProfileBody, ssoEndpoints } from '@/contract/sso';
import { SSO_EXPIRED_MESSAGE, SSO_PROFILE_EXPIRED_MESSAGE, ssoFailed } from '@/domain/sso-rules';
import type { AppDeps } from '../../deps';
import { readMultipart } from '../../http/multipart';
import { route, type RouteTable } from '../../http/route-table';
import { readRefreshCookie, setRefreshCookie } from '../auth/refresh-cookie';
import { assertSameOrigin } from '../auth/same-origin';
import { authService } from '../auth/service';
import { ATTEMPT_COOKIE, NEWCOMER_COOKIE, clearSsoCookie, readAttemptCookie, readNewcomerCookie, setAttemptCookie, setNewcomerCookie } from './cookies';
import { ssoService } from './service';

/** Registers the single sign-on endpoints of the contract (src/api/contract/sso.ts). */
export const registerSsoRoutes = async (app: RouteTable, deps: AppDeps) => {
  const service = ssoService(deps);
  const sessions = authService(deps);

  route(app, ssoEndpoints.start, async ({ request, reply }) => {
    assertSameOrigin(request, deps.config);
    const { attempt, authorizationUrl } = await service.start(request.log);
    setAttemptCookie(reply, deps.config, attempt, deps.clock.now());
    return { authorizationUrl };
  });

  route(app, ssoEndpoints.reauthenticate, async ({ user, request, reply }) => {
    assertSameOrigin(request, deps.config);
    const { attempt, authorizationUrl } = await service.startReauthentication(user, request.log);
    setAttemptCookie(reply, deps.config, attempt, deps.clock.now());
    return { authorizationUrl };
  });

  route(app, ssoEndpoints.callback, async ({ body, request, reply }) => {
    assertSameOrigin(request, deps.config);
    const attempt = readAttemptCookie(request, deps.config, deps.clock.now());
    // One answer per attempt: the cookie goes whatever happens next.
    clearSsoCookie(reply, deps.config, ATTEMPT_COOKIE);
    if (!attempt) throw ssoFailed(SSO_EXPIRED_MESSAGE);
    const outcome = await service.callback(attempt, body.search, request.log, readRefreshCookie(request));
    if (outcome.kind === 'profile-required') {
      setNewcomerCookie(reply, deps.config, outcome.newcomer, deps.clock.now());
      return { status: 'profile-required' as const, profile: outcome.profile };
    }
    clearSsoCookie(reply, deps.config, NEWCOMER_COOKIE);
    setRefreshCookie(reply, deps.config, outcome.refreshToken);
    return { status: outcome.kind, session: await sessions.session(outcome.userId, outcome.familyId) };
  });

  route(app, ssoEndpoints.profile, async ({ request }) => {
    const newcomer = readNewcomerCookie(request, deps.config, deps.clock.now());
    if (!newcomer) throw ssoFailed(SSO_PROFILE_EXPIRED_MESSAGE);
    return service.profile(newcomer);
  });

  route(app, ssoEndpoints.completeProfile, async ({ request, reply }) => {
    assertSameOrigin(request, deps.config);
    const { fields, photo } = await readMultipart(request, SsoProfileBody);
    const newcomer = readNewcomerCookie(request, deps.config, deps.clock.now());
    if (!newcomer) throw ssoFailed(SSO_PROFILE_EXPIRED_MESSAGE);
    const { userId, refreshToken, familyId } = await service.complete(newcomer, fields, photo, request.ip);
    clearSsoCookie(reply, deps.config, NEWCOMER_COOKIE);
    setRefreshCookie(reply, deps.config, refreshToken);
    return sessions.session(userId, familyId);
  });
};
