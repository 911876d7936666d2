import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockScenario } from '../../../mocks/scenarios';
import { clientHost } from '../support/host';
import { refreshSessions } from '../../../server/db/schema';
import { callApi } from '../../../src/api/call-api';
import { api } from '@/contract';
import type { Session } from '../../../src/api/session';
import { renderApp, signInThroughMocks } from '../render-app';

/** Counts POST /api/auth/refresh calls from now on. */
const countRefreshes = () => {
  let count = 0;
  clientHost.server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/auth/refresh') count += 1;
  });
  return () => count;
};

const sessionOf = (queryClient: Awaited<ReturnType<typeof renderApp>>['queryClient']) => queryClient.getQueryData<Session | null>(['session']) ?? null;

describe('route guard on the real route tree', () => {
  it('sends a guest on a private route to /', async () => {
    const { pathname } = await renderApp('/employee/dashboard');
    expect(pathname()).toBe('/');
    expect(screen.getByRole('form', { name: 'Log in' })).toBeInTheDocument();
  });

  it('sends a guest on an admin route to /', async () => {
    const { pathname } = await renderApp('/admin/users/3/workouts');
    expect(pathname()).toBe('/');
  });

  it('sends a signed-in user from / to the employee dashboard and an admin to the admin dashboard', async () => {
    const asUser = await renderApp('/', { signedInAs: 'user' });
    expect(asUser.pathname()).toBe('/employee/dashboard');
    asUser.unmount();
    const asAdmin = await renderApp('/signup', { signedInAs: 'admin' });
    expect(asAdmin.pathname()).toBe('/admin/dashboard');
  });

  it("keeps a role out of the other role's area", async () => {
    const { router, pathname } = await renderApp('/admin/leaders', { signedInAs: 'user' });
    expect(pathname()).toBe('/employee/dashboard');
    await act(() => router.navigate({ to: '/admin/dashboard' }));
    await waitFor(() => expect(pathname()).toBe('/employee/dashboard'));
  });

  it('lets both roles open the leaderboard', async () => {
    const asAdmin = await renderApp('/leaderboard', { signedInAs: 'admin' });
    expect(asAdmin.pathname()).toBe('/leaderboard');
    asAdmin.unmount();
    const asUser = await renderApp('/leaderboard', { signedInAs: 'user' });
    expect(asUser.pathname()).toBe('/leaderboard');
  });
});

describe('session', () => {
  it('is restored on load through one POST /auth/refresh (a reload keeps the user signed in)', async () => {
    const refreshes = countRefreshes();
    const { pathname, queryClient } = await renderApp('/employee/profile', { signedInAs: 'user' });
    expect(pathname()).toBe('/employee/profile');
    expect(refreshes()).toBe(1);
    expect(sessionOf(queryClient)?.user.email).toBe('bea@wellness.test');
  });

  it('shows the navigation of each role, with the logo pointing at the leaderboard', async () => {
    const asUser = await renderApp('/employee/dashboard', { signedInAs: 'user' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const label of ['Activity feed', 'Leaderboard', 'Teams', 'Dashboard', 'Profile']) expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /Wellness Challenge/ })).toHaveAttribute('href', '/leaderboard');
    expect(within(nav).queryByRole('link', { name: 'Leaders' })).not.toBeInTheDocument();
    asUser.unmount();

    await renderApp('/admin/dashboard', { signedInAs: 'admin' });
    const adminNav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(adminNav).getAllByRole('link').map((link) => link.getAttribute('aria-label'))).toEqual([
      'Wellness Challenge, go to the leaderboard',
      'Leaders',
      'Teams',
      'Users',
      'Overview',
      'Invitations',
      'Audit trail',
      'Fitness services',
    ]);
    expect(within(adminNav).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('a guest (no session hint cookie) loads the login page without asking for a session: no 401 on the way', async () => {
    const refreshes = countRefreshes();
    const { pathname } = await renderApp('/employee/dashboard');
    expect(pathname()).toBe('/');
    expect(screen.getByRole('form', { name: 'Log in' })).toBeInTheDocument();
    expect(refreshes()).toBe(0);
    expect(document.cookie).not.toContain('wc_session=');
  });

  it('signing in sets the readable session hint (no token in it); signing out removes it', async () => {
    await signInThroughMocks('user');
    expect(document.cookie).toContain('wc_session=1');
    expect(document.cookie).not.toContain('wc_refresh');
    const { user, pathname } = await renderApp('/employee/dashboard');
    expect(pathname()).toBe('/employee/dashboard');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(pathname()).toBe('/'));
    expect(document.cookie).not.toContain('wc_session=');
  });

  it('guests get the logo to / and no sign-out', async () => {
    await renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: /Wellness Challenge/ })).toHaveAttribute('href', '/');
    expect(within(nav).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Create profile' })).toBeInTheDocument();
  });

  it("while a slow restore is on its way the nav shows neither 'Create profile' nor a signed-in person's controls", async () => {
    await signInThroughMocks('user');
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // Held, then handed on to the mocks' own refresh handler.
    clientHost.server.use(http.post('*/api/auth/refresh', async () => void (await answered), { once: true }));
    await renderApp('/', { settle: false });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(within(nav).queryByRole('link', { name: 'Create profile' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    answer();
    expect(await within(nav).findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Create profile' })).not.toBeInTheDocument();
  });

  it('signs out: POST /auth/signout, cache cleared, back to /, and a reload stays signed out', async () => {
    const { user, pathname, queryClient } = await renderApp('/employee/dashboard', { signedInAs: 'user' });
    queryClient.setQueryData(['some-feature', 'data'], { cached: true });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(pathname()).toBe('/'));
    expect(sessionOf(queryClient)).toBeNull();
    expect(queryClient.getQueryData(['some-feature', 'data'])).toBeUndefined();
    const sessions = await (await clientHost.db()).select().from(refreshSessions);
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((session) => session.revokedAt)).toBe(true);

    // Sign-out cleared the session hint: the reload asks the server nothing.
    expect(document.cookie).not.toContain('wc_session=');
    const refreshes = countRefreshes();
    const reloaded = await renderApp('/employee/dashboard');
    expect(reloaded.pathname()).toBe('/');
    expect(refreshes()).toBe(0);
  });

  it('on a 401 refreshes once and retries the request, which then succeeds', async () => {
    const { queryClient } = await renderApp('/leaderboard', { signedInAs: 'user' });
    const before = sessionOf(queryClient)!.accessToken;
    const refreshes = countRefreshes();
    mockScenario.next('expired-session');
    const top = await callApi(api.leaders.top, { query: {} });
    expect(top).toBeTypeOf('object');
    expect(refreshes()).toBe(1);
    expect(sessionOf(queryClient)?.accessToken).toBeTruthy();
    expect(sessionOf(queryClient)?.accessToken).not.toBe(before);
  });

  it('shares one refresh between requests that fail at the same time', async () => {
    const { queryClient } = await renderApp('/leaderboard', { signedInAs: 'user' });
    const stale = sessionOf(queryClient)!.accessToken;
    // Every request still carrying the old token is refused, as when the access token expired.
    clientHost.server.use(
      http.get('*/api/leaders/top', ({ request }) =>
        request.headers.get('authorization') === `Bearer ${stale}` ? HttpResponse.json({ statusCode: 401, message: 'Expired', serverCode: 'TOKEN_EXPIRED' }, { status: 401 }) : undefined,
      ),
    );
    const refreshes = countRefreshes();
    const results = await Promise.all([1, 2, 3].map(() => callApi(api.leaders.top, { query: {} })));
    expect(results).toHaveLength(3);
    expect(refreshes()).toBe(1);
  });

  it("on a 401 whose refresh fails: toast 'Session expired', signed out, back to /", async () => {
    const { queryClient, pathname } = await renderApp('/leaderboard', { signedInAs: 'user' });
    // Revoked elsewhere (another device's sign-out everywhere): no API call of this person does it.
    await (await clientHost.db()).update(refreshSessions).set({ revokedAt: new Date() });
    mockScenario.next('expired-session');
    // The failed refresh signs the person out and navigates: React updates, inside act.
    await act(() => expect(callApi(api.leaders.top, { query: {} })).rejects.toMatchObject({ statusCode: 401 }));
    expect(await screen.findByText('Session expired')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/'));
    expect(sessionOf(queryClient)).toBeNull();
    expect(screen.getByRole('form', { name: 'Log in' })).toBeInTheDocument();
  });
});

describe('a server failure while restoring the session at load', () => {
  it('shows the error with Try again instead of signing the person out, and Try again restores the session', async () => {
    await signInThroughMocks('user');
    // The restore is a background call the mocks' failure switch passes over: fail it directly, once.
    clientHost.server.use(http.post('*/api/auth/refresh', () => HttpResponse.json({ statusCode: 500, serverCode: 'INTERNAL_ERROR', message: 'Error in server , try again later' }, { status: 500 }), { once: true }));
    const { user, pathname } = await renderApp('/employee/dashboard');
    expect(await screen.findByText('Error in server , try again later')).toBeInTheDocument();
    expect(pathname()).toBe('/employee/dashboard');
    expect(screen.queryByRole('form', { name: 'Log in' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });
});
