import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixtureEmployee, fixtureId } from '../../../mocks/fixtures';
import { mockRoute } from '../../../mocks/http';
import { mockDb, mockServer } from '../../../mocks/node';
import { systemEndpoints } from '@/contract/system';
import { trackersEndpoints } from '@/contract/trackers';
import { browserNavigation, codeChallengeOf } from '../../../src/features/trackers/authorization';
import { createQueryClient } from '../../../src/api/query-client';
import { Providers } from '../../../src/providers';
import { createAppRouter } from '../../../src/router';
import { renderApp, signInThroughMocks } from '../render-app';

const beaId = fixtureId(fixtureEmployee('Beginner').email);
const RETURN_KEY = 'wellness.trackerReturnUrl';
const PENDING_KEY = 'wellness.trackerAuthorisation';

/** The installation offers both services (the default mock configures none). */
const configureBoth = () =>
  mockServer.use(
    mockRoute(systemEndpoints.config, () => ({
      strava: { clientId: 'strava-client', authorizeUrl: 'https://www.strava.com/oauth/authorize' },
      fitbit: { clientId: 'fitbit-client', authorizeUrl: 'https://www.fitbit.com/oauth2/authorize' },
    })),
  );

const connectStrava = () => mockDb.trackerConnections.push({ userId: beaId, service: 'STRAVA', externalUserId: '1', connectedAt: new Date().toISOString(), lastSyncedAt: null });

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sessionStorage.clear();
  assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
});
afterEach(() => assign.mockRestore());

describe('fitness services screen', () => {
  it('without a configured service the boxes are disabled with a hint; Continue goes to the dashboard', async () => {
    const { user, pathname } = await renderApp('/employee/fitness-services', { signedInAs: 'user' });
    const strava = await screen.findByRole('checkbox', { name: 'Strava' });
    expect(strava).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Fitbit' })).toBeDisabled();
    expect(screen.getByText('Strava is not available in this installation')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Continue' }));
    await waitFor(() => expect(pathname()).toBe('/employee/dashboard'));
  });

  it('ticking Strava stores the current path and goes to Strava with client id, code, redirect uri, scope and forced approval', async () => {
    configureBoth();
    const { user } = await renderApp('/employee/fitness-services', { signedInAs: 'user' });
    await user.click(await screen.findByRole('checkbox', { name: 'Strava' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const url = new URL(assign.mock.calls[0]![0] as string);
    expect(url.origin + url.pathname).toBe('https://www.strava.com/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'strava-client',
      response_type: 'code',
      redirect_uri: `${window.location.origin}/strava`,
      scope: 'activity:read_all',
      approval_prompt: 'force',
    });
    expect(localStorage.getItem(RETURN_KEY)).toBe('/employee/fitness-services');
  });

  it('ticking Fitbit sends a PKCE S256 challenge of a verifier kept in sessionStorage', async () => {
    configureBoth();
    const { user } = await renderApp('/employee/fitness-services', { signedInAs: 'user' });
    await user.click(await screen.findByRole('checkbox', { name: 'Fitbit' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const url = new URL(assign.mock.calls[0]![0] as string);
    const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY)!) as { codeVerifier: string; state: string };
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'fitbit-client',
      response_type: 'code',
      redirect_uri: `${window.location.origin}/fitbit`,
      scope: 'activity nutrition heartrate location',
      code_challenge_method: 'S256',
      code_challenge: await codeChallengeOf(pending.codeVerifier),
      state: pending.state,
    });
    expect(pending.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
  });

  it("unticking asks 'Are you sure you want to disconnect service?' and disconnects only when confirmed", async () => {
    configureBoth();
    connectStrava();
    const { user } = await renderApp('/employee/fitness-services', { signedInAs: 'user' });
    const strava = await screen.findByRole('checkbox', { name: 'Strava' });
    expect(strava).toBeChecked();

    await user.click(strava);
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to disconnect service?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Strava' })).toBeChecked();
    expect(mockDb.trackerConnections).toHaveLength(1);

    await user.click(screen.getByRole('checkbox', { name: 'Strava' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Strava' })).not.toBeChecked());
    expect(mockDb.trackerConnections).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('Sync now imports and tells how many activities came in', async () => {
    configureBoth();
    connectStrava();
    let finish: () => void = () => undefined;
    mockServer.use(mockRoute(trackersEndpoints.syncActivities, () => new Promise((resolve) => (finish = () => resolve({ imported: 3 })))));
    const { user } = await renderApp('/employee/fitness-services', { signedInAs: 'user' });
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    // While it runs, the page says what is happening (not only a spinner on the button).
    expect(await screen.findByText('Importing your workouts from Strava…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Sync in progress' })).toBeInTheDocument();
    finish();
    expect(await screen.findByText('3 activities imported')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Importing your workouts from Strava…')).not.toBeInTheDocument());
  });
});

describe('tracker return pages', () => {
  const connectSucceeds = () => {
    const bodies: unknown[] = [];
    mockServer.use(
      mockRoute(trackersEndpoints.connectStrava, ({ body }) => {
        bodies.push(body);
        return { apis: ['STRAVA' as const] };
      }),
      mockRoute(trackersEndpoints.connectFitbit, ({ body }) => {
        bodies.push(body);
        return { apis: ['FITBIT' as const] };
      }),
    );
    return bodies;
  };

  it("connects with the code, toasts 'Strava successfully connected' and returns to the stored URL, then forgets it", async () => {
    const bodies = connectSucceeds();
    localStorage.setItem(RETURN_KEY, '/employee/profile');
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ service: 'STRAVA', state: 'abc' }));
    const { pathname } = await renderApp('/strava?code=the-code&state=abc&scope=read,activity:read_all', { signedInAs: 'user' });
    expect(await screen.findByText('Strava successfully connected')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/employee/profile'));
    expect(bodies).toEqual([{ code: 'the-code' }]);
    expect(localStorage.getItem(RETURN_KEY)).toBeNull();
    // The first import runs at once.
    expect(await screen.findByText('Your activities are up to date')).toBeInTheDocument();
  });

  it('under StrictMode (development) the code is still exchanged exactly once and the redirect happens', async () => {
    const bodies = connectSucceeds();
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ service: 'STRAVA', state: 'once' }));
    await signInThroughMocks('user');
    const router = createAppRouter({ queryClient: createQueryClient(), history: createMemoryHistory({ initialEntries: ['/strava?code=c1&state=once'] }) });
    render(
      <StrictMode>
        <Providers queryClient={router.options.context.queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
    expect(await screen.findByText('Strava successfully connected')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/employee/dashboard'));
    expect(bodies).toEqual([{ code: 'c1' }]);
  });

  it('Fitbit sends the kept PKCE verifier and goes to the dashboard when no URL was stored', async () => {
    const bodies = connectSucceeds();
    const codeVerifier = 'v'.repeat(64);
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ service: 'FITBIT', state: 's1', codeVerifier }));
    const { pathname } = await renderApp('/fitbit?code=fb-code&state=s1', { signedInAs: 'user' });
    expect(await screen.findByText('Fitbit successfully connected')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/employee/dashboard'));
    expect(bodies).toEqual([{ code: 'fb-code', codeVerifier }]);
    expect(sessionStorage.getItem(PENDING_KEY)).toBeNull();
  });

  it("shows the server's message and a way back when connecting fails", async () => {
    localStorage.setItem(RETURN_KEY, '/employee/profile');
    const { user, pathname } = await renderApp('/strava?code=the-code', { signedInAs: 'user' });
    expect(await screen.findAllByText('Strava is not available: this installation has no Strava connection configured.')).not.toHaveLength(0);
    await user.click(screen.getByRole('link', { name: 'Go back' }));
    await waitFor(() => expect(pathname()).toBe('/employee/profile'));
  });

  it('a denied authorisation says so without calling the server', async () => {
    const bodies = connectSucceeds();
    await renderApp('/strava?error=access_denied', { signedInAs: 'user' });
    expect(await screen.findByText('Strava access was not granted.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/employee/fitness-services');
    expect(bodies).toEqual([]);
  });

  it('a return whose state does not match the one started here is refused', async () => {
    const bodies = connectSucceeds();
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ service: 'STRAVA', state: 'mine' }));
    await renderApp('/strava?code=x&state=forged', { signedInAs: 'user' });
    expect(await screen.findByText('This Strava connection was not started in this browser tab. Please start again.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});
