import type { QueryClient } from '@tanstack/react-query';
import { createBrowserHistory, createRouter, type RouterHistory } from '@tanstack/react-router';
import { createAuth } from './api/session';
import { systemClock, type Clock } from '@/domain/clock';
import { PagePending } from './components/page-pending';
import { RouteError } from './components/route-error';
import { routeTree } from './routeTree.gen';


/** One router per app (and per test): its context carries the query cache and the session. */
export const createAppRouter = ({ queryClient, history = createBrowserHistory(), clock = systemClock }: { queryClient: QueryClient; history?: RouterHistory; clock?: Clock }) => {
  const auth = createAuth(queryClient);
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient, auth, clock },
    defaultPreload: 'intent',
    // Loaders read through the query cache, which owns freshness.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: PagePending,
    // Every route catches its own failure below the header, so the navigation stays usable.
    defaultErrorComponent: RouteError,
    defaultPendingMs: 300,
  });
  auth.onExpired(() => {
    void router.navigate({ to: '/', replace: true });
  });
  return router;
};

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * The files of the page being opened, asked for at start: a signed-in page's route chunk (its loader
 * and component) otherwise waits for the guards (the session's restore, POST /auth/refresh, and the
 * device store), a round trip each on a phone, before its first request. Each file is evaluated as
 * it arrives, in a task of its own; the router renders once its loaders are done, as before.
 */
export const warmRouteChunks = (router: AppRouter) => {
  // A split route's component is a lazy one with `preload` (the route chunk); others have none.
  const routes = router.routesById as unknown as Record<string, { options: { component?: { preload?: () => Promise<void> } } } | undefined>;
  for (const match of router.matchRoutes(router.latestLocation)) routes[match.routeId]?.options.component?.preload?.().catch(() => undefined);
};

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
