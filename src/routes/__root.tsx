import { createRootRouteWithContext, redirect } from '@tanstack/react-router';
import { AppLayout } from '../components/app-layout';
import { NotFound } from '../components/not-found';
import { RouteError } from '../components/route-error';
import { resolveRoute } from '../lib/guard';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The one guard of SPEC 2: the session is restored (POST /auth/refresh, once) before it decides.
  beforeLoad: async ({ context, location }) => {
    const session = await context.auth.restore();
    const target = resolveRoute(session?.user.role ?? 'guest', location.pathname, { afterSignUp: session?.afterSignUp });
    if (target) throw redirect({ href: target, replace: true });
  },
  component: AppLayout,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});
