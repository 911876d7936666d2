import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { startOnlineTracking } from './api/offline/online-status';
import { accessOptionsQuery } from './api/access-options';
import { createQueryClient } from './api/query-client';
import { mayHoldSession } from './api/session';
import { AppErrorBoundary } from './components/app-error-boundary';
import type { Clock } from './domain/clock';
import { yieldToMain } from './lib/yield-to-main';
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
  // The entry's evaluation, the router's route tree and the first render: three tasks, not one.
  await yieldToMain();
  const queryClient = createQueryClient();
  // Every page's nav bar reads the sign-up policy: asked before the first render, it is on its way
  // sooner, and no component finds it started under it (a synchronous re-render of the whole page).
  void queryClient.prefetchQuery(accessOptionsQuery());
  const router = createAppRouter({ queryClient, clock });
  await yieldToMain();
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const root = createRoot(container);
  // A guest's page needs no session call: its routes are resolved before the first render, so the
  // whole page renders in the transition below, in slices of a few milliseconds instead of one task
  // (on a phone's CPU that task blocked input for 400 ms: Total Blocking Time).
  // A failed load renders anyway: the router loads again on mount and shows the route's error view.
  if (!mayHoldSession()) await router.load().catch(() => undefined);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppErrorBoundary>
          <Providers queryClient={queryClient}>
            <RouterProvider router={router} />
          </Providers>
        </AppErrorBoundary>
      </StrictMode>,
    ),
  );
}

void start();

// The installable app's worker: registered as soon as the page has loaded (its own files first), so
// the shell and every screen's files are precached within moments of a first visit: a connection
// lost right after signing in still reloads into the app.
if (import.meta.env.PROD && import.meta.env.VITE_USE_MOCKS !== 'true' && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void import('./pwa/register-service-worker'));
}
