import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callApi } from '../../src/api/call-api';
import { authEndpoints } from '@/contract';
import type { Clock } from '@/domain/clock';
import { createQueryClient } from '../../src/api/query-client';
import { Providers } from '../../src/providers';
import { createAppRouter } from '../../src/router';
import { fixtureAdmin, fixtureEmployee } from '../../mocks/fixtures';
import { isSlicingFirstPage } from '../../src/lib/slice-first-page';

// The employee area fetches its offline side on entry (a lazy file); a browser has it precached, here
// it is transformed once per test file before any test's timer starts.
await import('../../src/features/activity/offline-support');

export type RenderAppOptions = {
  signedInAs?: 'admin' | 'user';
  /** The SPA's "now" (the router context's clock); the system clock when left out. */
  clock?: Clock;
  /** false: return right after the first render, while loaders may still run (to see pending states). */
  settle?: boolean;
};

/** The fixture accounts renderApp signs in with (the mocks seed them). */
export const testAccounts = {
  admin: { email: fixtureAdmin.email, password: fixtureAdmin.password },
  user: { email: fixtureEmployee('Beginner').email, password: fixtureEmployee('Beginner').password },
};

/**
 * Signs in through the mocks so the refresh cookie sits in MSW's cookie store: the app then
 * restores the session on load exactly as after a browser reload.
 */
export const signInThroughMocks = (role: 'admin' | 'user') => callApi(authEndpoints.signin, { body: testAccounts[role] });

/**
 * Renders the real app (providers, route tree, guard, loaders) on memory history at `path` and waits
 * until the first navigation settled (session restored, guard applied, the page's data loaded, its
 * body shown).
 */
export async function renderApp(path: string, { signedInAs, clock, settle = true }: RenderAppOptions = {}) {
  if (signedInAs) await signInThroughMocks(signedInAs);
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, history, clock });
  const user = userEvent.setup();
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  if (settle) {
    await waitFor(() => {
      if (!router.state.resolvedLocation || router.state.isLoading) throw new Error('router still loading');
      if (isSlicingFirstPage(router)) throw new Error("the first page's body still renders");
    });
  }
  return {
    ...view,
    user,
    router,
    queryClient,
    history,
    /** The current pathname of the app. */
    pathname: () => router.state.location.pathname,
  };
}
