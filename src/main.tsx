import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startOnlineTracking } from './api/offline/online-status';
import { createQueryClient } from './api/query-client';
import { AppErrorBoundary } from './components/app-error-boundary';
import { Providers } from './providers';
import { createAppRouter } from './router';

async function start() {
  // QA mode: every call is answered by MSW in the browser, started before the first request.
  if (import.meta.env.VITE_USE_MOCKS === 'true') {
    const { startMockWorker } = await import('../mocks/browser');
    await startMockWorker();
  }
  startOnlineTracking();
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient });
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  createRoot(container).render(
    <StrictMode>
      <AppErrorBoundary>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </AppErrorBoundary>
    </StrictMode>,
  );
}

void start();

// The installable app's worker: registered once the page has loaded and settled, so its precaching
// never competes with the first screen's own files.
if (import.meta.env.PROD && import.meta.env.VITE_USE_MOCKS !== 'true' && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => setTimeout(() => void import('./pwa/register-service-worker'), 2000));
}
