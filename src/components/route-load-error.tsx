import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { LoadError } from './load-error';
import { PageShell } from './page-shell';

type Props = ErrorComponentProps & { title: string; what: string; size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' };

/**
 * The `errorComponent` of a page whose loader or suspense query failed: the page's title, what could
 * not be loaded and why, and Retry, which runs the route's loaders again (router.invalidate). The
 * query error boundary is reset first, so the suspense queries fetch again instead of re-throwing.
 */
export function RouteLoadError({ error, title, what, size }: Props) {
  const router = useRouter();
  const { reset } = useQueryErrorResetBoundary();
  const [retrying, setRetrying] = useState(false);
  useEffect(() => reset(), [reset]);
  const retry = () => {
    setRetrying(true);
    void router.invalidate().finally(() => setRetrying(false));
  };
  return (
    <PageShell title={title} size={size}>
      <LoadError what={what} error={error} onRetry={retry} retrying={retrying} />
    </PageShell>
  );
}
