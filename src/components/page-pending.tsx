import { lazy, Suspense } from 'react';

const PagePendingView = lazy(() => import('./page-pending-view'));

/** Shown by the router while a slow page loader runs (after 300 ms); its view is fetched only then. */
export function PagePending() {
  return (
    <Suspense fallback={null}>
      <PagePendingView />
    </Suspense>
  );
}
