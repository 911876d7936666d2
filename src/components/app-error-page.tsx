/**
 * The page shown when a screen failed to render. Plain elements with inline styles: it must work
 * when the theme, Mantine or a lazily loaded file is what failed.
 */
export function AppErrorPage({ offline, onRetry }: { offline: boolean; onRetry: () => void }) {
  return (
    <div role="alert" style={{ maxWidth: 480, margin: '15vh auto', padding: 20 }}>
      <h1>{offline ? 'This screen could not be loaded' : 'Something went wrong'}</h1>
      <p>{offline ? 'Check your connection, then try again.' : 'Please try again.'}</p>
      <button type="button" onClick={onRetry} style={{ padding: '8px 20px', border: 0, borderRadius: 6, background: '#00785a', color: '#fff' }}>
        Retry
      </button>
    </div>
  );
}
