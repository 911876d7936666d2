import { createRootRouteWithContext } from '@tanstack/react-router';
import { AppLayout } from '../components/app-layout';
import { NotFound } from '../components/not-found';
import { RouteError } from '../components/route-error';
import type { RouterContext } from '../router-context';

// The guard (docs/product-rules.md#screens-and-navigation) lives in the pathless layouts (_guest, _employee, _admin, _signed-in) and the
// catch-all route, so it runs for exactly the routes under them.
export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppLayout,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});
