import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, Suspense, type ReactNode } from 'react';
import { LoadError } from './load-error';

type CatcherProps = { onRetry: () => void; what: string; children: ReactNode };

/** React needs a class for an error boundary. */
class ErrorCatcher extends Component<CatcherProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const retry = () => {
      this.props.onRetry();
      this.setState({ error: null });
    };
    return <LoadError what={this.props.what} error={error} onRetry={retry} />;
  }
}

type Props = { what: string; pendingLabel: string; pending: ReactNode; children: ReactNode };

/**
 * A part of a page that reads its own suspense query (e.g. the progress charts under the profile
 * form): while it loads, its own placeholder; when it fails, its own error with Retry, and the rest
 * of the page stays usable.
 */
export function QuerySection({ what, pendingLabel, pending, children }: Props) {
  const { reset } = useQueryErrorResetBoundary();
  return (
    <ErrorCatcher what={what} onRetry={reset}>
      <Suspense
        fallback={
          <div aria-busy="true" aria-label={pendingLabel}>
            {pending}
          </div>
        }
      >
        {children}
      </Suspense>
    </ErrorCatcher>
  );
}
