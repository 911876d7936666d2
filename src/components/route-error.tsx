import { lazy, Suspense } from 'react';
import type { ErrorComponentProps } from '@tanstack/react-router';

const RouteErrorView = lazy(() => import('./route-error-view'));

/** Shown when a page's loader or render fails; its view (Alert, Container) is fetched only then, not with the first load. */
export function RouteError(props: ErrorComponentProps) {
  return (
    <Suspense fallback={null}>
      <RouteErrorView {...props} />
    </Suspense>
  );
}
