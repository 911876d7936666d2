import { lazy, Suspense, useSyncExternalStore } from 'react';
import { onToastsRequested, toastsRequested } from '../../api/toasts';
import { AppErrorBoundary } from '../app-error-boundary';

/** Mantine's toast container (with its transitions), fetched with the first toast: a page that shows none never loads it. */
const ToastContainer = lazy(() => import('./toast-container'));

/**
 * Mounts the toast container once a toast was asked for and keeps it (so the last toast still
 * animates out). toast.* only writes to Mantine's store: a toast shown before the container arrived
 * appears as soon as it has.
 */
export function ToastHost() {
  const needed = useSyncExternalStore(onToastsRequested, toastsRequested, toastsRequested);
  if (!needed) return null;
  return (
    // A container that cannot load (offline) leaves the page as it is; it comes back online.
    <AppErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <ToastContainer />
      </Suspense>
    </AppErrorBoundary>
  );
}
