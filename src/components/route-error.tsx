import { lazy, Suspense, useState } from 'react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { isChunkLoadError, reloadOnceForChunk } from '../lib/chunk-recovery';
import { AppErrorBoundary } from './app-error-boundary';
import { AppErrorPage } from './app-error-page';

const RouteErrorView = lazy(() => import('./route-error-view'));

/**
 * Shown when a page's loader, file or render fails. A file that could not be fetched (offline, or a
 * new deploy) gets one reload when online, else a plain page with Retry; that page is part of the
 * entry, as the styled view is itself a lazily loaded file.
 */
export function RouteError(props: ErrorComponentProps) {
  const router = useRouter();
  const chunkFailed = isChunkLoadError(props.error);
  const [reloading] = useState(() => chunkFailed && reloadOnceForChunk());
  // Chromium keeps a failed import failed for the page's lifetime: only a reload fetches it again.
  const retry = () => (chunkFailed ? window.location.reload() : void router.invalidate());
  if (reloading) return null;
  const plain = <AppErrorPage offline={chunkFailed} onRetry={retry} />;
  if (chunkFailed) return plain;
  return (
    <AppErrorBoundary fallback={plain}>
      <Suspense fallback={null}>
        <RouteErrorView {...props} />
      </Suspense>
    </AppErrorBoundary>
  );
}
