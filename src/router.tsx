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

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
