import { http, HttpResponse, type HttpHandler } from 'msw';
import type { ErrorBody } from '@/contract/common';
import { accessHandlers } from './access';
import { activityHandlers } from './activity';
import { auditHandlers } from './audit';
import { authHandlers } from './auth';
import { bonusHandlers } from './bonus';
import { feedHandlers } from './feed';
import { insightsHandlers } from './insights';
import { leadersHandlers } from './leaders';
import { profileHandlers } from './profile';
import { privacyHandlers } from './privacy';
import { systemHandlers } from './system';
import { trackersHandlers } from './trackers';
import { usersHandlers } from './users';
import { ssoHandlers } from './sso';

/** `*\/api/users/:id` -> ['users', ':id'] (the leading `*` and `api` dropped). */
const segments = (handler: HttpHandler) =>
  String(handler.info.path)
    .replace(/^\*\/api/, '')
    .split('/')
    .filter(Boolean);

/**
 * Static segments before `:params`, like Fastify's router: `DELETE /users/disconnect-api` must win
 * over `DELETE /users/:id`, and MSW takes the first handler that matches.
 */
const bySpecificity = (a: HttpHandler, b: HttpHandler) => {
  const left = segments(a);
  const right = segments(b);
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const leftParam = left[index]!.startsWith(':');
    const rightParam = right[index]!.startsWith(':');
    if (leftParam !== rightParam) return leftParam ? 1 : -1;
  }
  return 0;
};

/** Any other /api call answers like the server's not-found handler (never the SPA's index.html). */
const notFoundHandler = http.all('*/api/*', ({ request }) => {
  // Only the app's own /api: dev-server modules such as /src/features/x/api/y.ts pass through.
  if (!new URL(request.url).pathname.startsWith('/api/')) return undefined;
  const body: ErrorBody = {
    statusCode: 404,
    serverCode: 'NOT_FOUND',
    message: `No endpoint ${request.method} ${new URL(request.url).pathname}`,
  };
  return HttpResponse.json(body, { status: 404 });
});

/** Every contract endpoint's handler, most specific path first. The contract suite checks that none is missing. */
export const endpointHandlers: HttpHandler[] = [
  ...systemHandlers,
  ...authHandlers,
  ...accessHandlers,
  ...ssoHandlers,
  ...usersHandlers,
  ...profileHandlers,
  ...privacyHandlers,
  ...trackersHandlers,
  ...activityHandlers,
  ...feedHandlers,
  ...bonusHandlers,
  ...leadersHandlers,
  ...auditHandlers,
  ...insightsHandlers,
].sort(bySpecificity);

export const handlers: HttpHandler[] = [...endpointHandlers, notFoundHandler];
