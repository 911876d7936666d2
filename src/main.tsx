import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startOnlineTracking } from './api/offline/online-status';
import { createQueryClient } from './api/query-client';
import { AppErrorBoundary } from './components/app-error-boundary';
import type { Clock } from './domain/clock';
import { makeZodJitless } from './lib/zod-jitless';
import { Providers } from './providers';
import { createAppRouter } from './router';

// Before any zod schema exists (they come with the lazy chunks): the CSP allows no eval.
makeZodJitless();

async function start() {
  // QA mode: every call is answered by MSW in the browser, started before the first request. The
  // app then reads "now" from mock mode's clock, so QA's moved time holds on both sides.
  let clock: Clock | undefined;
  if (import.meta.env.VITE_USE_MOCKS === 'true') {
    const { startMockWorker, mockClock } = await import('../mocks/browser');
    await startMockWorker();
    clock = mockClock;
  }
  startOnlineTracking();
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, clock });
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

// The installable app's worker: registered as soon as the page has loaded (its own files first), so
// the shell and every screen's files are precached within moments of a first visit: a connection
// lost right after signing in still reloads into the app.
if (import.meta.env.PROD && import.meta.env.VITE_USE_MOCKS !== 'true' && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void import('./pwa/register-service-worker'));
}
