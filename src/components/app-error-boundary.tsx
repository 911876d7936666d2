import { Component, type ReactNode } from 'react';
import { isChunkLoadError, reloadOnceForChunk } from '../lib/chunk-recovery';
import { AppErrorPage } from './app-error-page';

type Props = { children: ReactNode; /** What to show instead, e.g. nothing for the toast area. */ fallback?: ReactNode };
type State = { error: unknown; reloading: boolean };

/**
 * The last line of defence: whatever fails to render below (a file that cannot load offline, a
 * bug), the app shows a readable page with Retry instead of going blank. A failed file first gets
 * one page reload when online (a new deploy renamed the files).
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error) && this.props.fallback === undefined && reloadOnceForChunk()) this.setState({ reloading: true });
  }

  override render() {
    const { error, reloading } = this.state;
    if (error === undefined) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    if (reloading) return null;
    const chunkFailed = isChunkLoadError(error);
    return (
      <main>
        <AppErrorPage offline={chunkFailed} onRetry={() => (chunkFailed ? window.location.reload() : this.setState({ error: undefined }))} />
      </main>
    );
  }
}
