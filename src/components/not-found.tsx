import { lazy, Suspense } from 'react';

const NotFoundView = lazy(() => import('./not-found-view'));

/** 'Page not found'; its view is fetched only when shown, not with the first load. */
export function NotFound() {
  return (
    <Suspense fallback={null}>
      <NotFoundView />
    </Suspense>
  );
}
