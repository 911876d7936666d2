import { lazy, Suspense } from 'react';
import type { PagePendingProps } from './page-pending-view';

const PagePendingView = lazy(() => import('./page-pending-view'));

/**
 * Shown by the router while a slow page loader runs (after 300 ms): the page's title and grey
 * blocks (page-pending-view); its view is fetched only then, so it stays off the first load.
 */
export function PagePending(props: PagePendingProps) {
  return (
    <Suspense fallback={null}>
      <PagePendingView {...props} />
    </Suspense>
  );
}
