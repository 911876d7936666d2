import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixtureEmployee, fixtureId } from '../../../mocks/fixtures';
import { mockRoute } from '../../../mocks/http';
import { mockDb, mockOperatorFaults, mockServer } from '../../../mocks/node';
import { trackersEndpoints } from '@/contract/trackers';
import { browserNavigation } from '../../../src/lib/browser-navigation';
import { simulatedTrackers } from '../../../mocks/handlers/trackers';
import { createQueryClient } from '../../../src/api/query-client';
import { Providers } from '../../../src/providers';
import { createAppRouter } from '../../../src/router';
import { renderApp, signInThroughMocks } from '../render-app';
import { toast } from '../../../src/api/toasts';

const beaId = fixtureId(fixtureEmployee('Beginner').email);
const RETURN_KEY = 'wellness.trackerReturnUrl';

/** The installation offers both services: the mocks' simulated provider (QA mode) is switched on. */
const configureBoth = () => {
  simulatedTrackers.enabled = true;
};

const connectStrava = () => mockDb.trackerConnections.push({ userId: beaId, service: 'STRAVA', externalUserId: '1', connectedAt: new Date().toISOString(), lastSyncedAt: null });

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sessionStorage.clear();
  assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  assign.mockRestore();
  simulatedTrackers.enabled = false;
});

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

  it('ticking Strava stores the current path and goes to the page the server issued, with a state kept on the server', async () => {
    configureBoth();
    const { user } = await renderApp('/employee/fitness-services', { signedInAs: 'user' });
    await user.click(await screen.findByRole('checkbox', { name: 'Strava' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const url = new URL(assign.mock.calls[0]![0] as string);
    expect(url.pathname).toBe('/strava');
    expect(url.searchParams.get('state')).toBe(mockDb.oauthStates![0]!.state);
    expect(mockDb.oauthStates![0]).toMatchObject({ userId: beaId, service: 'STRAVA', usedAt: null });
    expect(localStorage.getItem(RETURN_KEY)).toBe('/employee/fitness-services');
    // Nothing of the round trip is kept in the browser any more.
    expect(sessionStorage.length).toBe(0);
  });

  it('ticking Fitbit asks the server for the (Google) page of Fitbit', async () => {
    configureBoth();
    const { user } = await renderApp('/employee/fitness-services', { signedInAs: 'user' });
    await user.click(await screen.findByRole('checkbox', { name: 'Fitbit' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(new URL(assign.mock.calls[0]![0] as string).pathname).toBe('/fitbit');
    expect(mockDb.oauthStates![0]).toMatchObject({ service: 'FITBIT' });
  });

  it('a connection the provider no longer accepts says "Reconnect needed" with its reason and offers to connect again', async () => {
    configureBoth();
    mockDb.trackerConnections.push({ userId: beaId, service: 'FITBIT', externalUserId: null, connectedAt: new Date().toISOString(), lastSyncedAt: null, status: 'reconnect_needed', lastAttemptAt: new Date().toISOString(), lastResult: 'Fitbit now connects through Google. Please connect Fitbit again.' });
    const { user } = await renderApp('/employee/fitness-services', { signedInAs: 'user' });
    expect(await screen.findByText('Reconnect needed. Fitbit now connects through Google. Please connect Fitbit again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect Fitbit again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
  });

  it('a connected service shows its last sync and result, and a later failed attempt says what went wrong', async () => {
    configureBoth();
    const synced = '2026-11-20T08:00:00.000Z';
    mockDb.trackerConnections.push(
      { userId: beaId, service: 'STRAVA', externalUserId: '1', connectedAt: synced, lastSyncedAt: synced, status: 'connected', lastAttemptAt: synced, lastResult: '2 activities imported', lastAttemptOk: true },
      { userId: beaId, service: 'FITBIT', externalUserId: null, connectedAt: synced, lastSyncedAt: synced, status: 'connected', lastAttemptAt: '2026-11-21T08:00:00.000Z', lastResult: 'Fitbit did not answer as expected. Please try again later.', lastAttemptOk: false },
    );
    await renderApp('/employee/fitness-services', { signedInAs: 'user' });
    expect(await screen.findByText(/^Connected · last synced .+ · 2 activities imported$/)).toBeInTheDocument();
    expect(screen.getByText(/^Connected · last synced .+\. Last attempt: Fitbit did not answer as expected\. Please try again later\.$/)).toBeInTheDocument();
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
    expect(within(dialog).getByText('Activities imported from Strava will be removed.')).toBeInTheDocument();
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

  it('Sync now queues the imports, follows them, and says what came in', async () => {
    configureBoth();
    connectStrava();
    let finish: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (finish = resolve));
    mockServer.use(
      mockRoute(trackersEndpoints.syncActivities, async () => {
        await held;
        const connection = mockDb.trackerConnections[0]!;
        connection.lastAttemptAt = connection.lastSyncedAt = '2026-11-22T10:00:00.000Z';
        connection.lastResult = '3 activities imported';
        connection.lastAttemptOk = true;
        return { queued: ['STRAVA' as const], problems: [] };
      }),
    );
    const { user } = await renderApp('/employee/fitness-services', { signedInAs: 'user' });
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    // While it runs, the page says what is happening (not only a spinner on the button).
    expect(await screen.findByText('Importing your workouts from Strava…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Sync in progress' })).toBeInTheDocument();
    finish();
    expect(await screen.findByText('3 activities imported')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Importing your workouts from Strava…')).not.toBeInTheDocument());
  });

  it("a provider paused for a set-up fault (QA's ?mockNeedsAdmin=) says so instead of asking to reconnect; Sync now imports nothing from it", async () => {
    configureBoth();
    mockOperatorFaults.applyUrl('?mockNeedsAdmin=FITBIT');
    const synced = '2026-11-20T08:00:00.000Z';
    mockDb.trackerConnections.push({ userId: beaId, service: 'FITBIT', externalUserId: null, connectedAt: synced, lastSyncedAt: synced, status: 'connected', lastAttemptAt: synced, lastResult: 'Up to date', lastAttemptOk: true });
    const { user } = await renderApp('/employee/fitness-services', { signedInAs: 'user' });
    expect(await screen.findByText('Syncing with Fitbit is paused; your administrator has been told')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect Fitbit again' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    // The error toast says the same as the line under Fitbit.
    await waitFor(() => expect(screen.getAllByText('Syncing with Fitbit is paused; your administrator has been told')).toHaveLength(2));
    expect(mockDb.activities.filter((row) => row.source === 'fitbit')).toEqual([]);
  });

  it('a sync where one service failed says what came in and what went wrong', async () => {
    configureBoth();
    connectStrava();
    mockDb.trackerConnections.push({ userId: beaId, service: 'FITBIT', externalUserId: null, connectedAt: new Date().toISOString(), lastSyncedAt: null, status: 'connected', lastAttemptAt: null, lastResult: null });
    mockServer.use(
      mockRoute(trackersEndpoints.syncActivities, () => {
        const [strava, fitbit] = mockDb.trackerConnections;
        strava!.lastAttemptAt = strava!.lastSyncedAt = '2026-11-22T10:00:00.000Z';
        strava!.lastResult = '2 activities imported';
        strava!.lastAttemptOk = true;
        fitbit!.lastAttemptAt = '2026-11-22T10:00:00.000Z';
        fitbit!.lastResult = 'Fitbit did not answer as expected. Please try again later.';
        fitbit!.lastAttemptOk = false;
        return { queued: ['STRAVA' as const, 'FITBIT' as const], problems: [] };
      }),
    );
    const { user } = await renderApp('/employee/fitness-services', { signedInAs: 'user' });
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Strava: 2 activities imported. Fitbit did not answer as expected. Please try again later.')).toBeInTheDocument();
  });
});

describe('tracker return pages', () => {
  const connectSucceeds = () => {
    const bodies: unknown[] = [];
    mockServer.use(
      mockRoute(trackersEndpoints.connectStrava, ({ body }) => {
        bodies.push(body);
        return { apis: ['STRAVA' as const], services: [] };
      }),
      mockRoute(trackersEndpoints.connectFitbit, ({ body }) => {
        bodies.push(body);
        return { apis: ['FITBIT' as const], services: [] };
      }),
    );
    return bodies;
  };

  it("posts the code, state and granted scope, toasts 'Strava successfully connected' and returns to the stored URL, then forgets it", async () => {
    const bodies = connectSucceeds();
    localStorage.setItem(RETURN_KEY, '/employee/profile');
    const { pathname } = await renderApp('/strava?code=the-code&state=abc&scope=read,activity:read_all', { signedInAs: 'user' });
    expect(await screen.findByText('Strava successfully connected')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/employee/profile'));
    expect(bodies).toEqual([{ code: 'the-code', state: 'abc', scope: 'read,activity:read_all' }]);
    expect(localStorage.getItem(RETURN_KEY)).toBeNull();
  });

  it('under StrictMode (development) the code is still exchanged exactly once and the redirect happens', async () => {
    const bodies = connectSucceeds();
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
    expect(bodies).toEqual([{ code: 'c1', state: 'once' }]);
  });

  it('Fitbit posts code and state (its PKCE verifier stays on the server) and goes to the dashboard when no URL was stored', async () => {
    const bodies = connectSucceeds();
    const { pathname } = await renderApp('/fitbit?code=fb-code&state=s1', { signedInAs: 'user' });
    expect(await screen.findByText('Fitbit successfully connected')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/employee/dashboard'));
    expect(bodies).toEqual([{ code: 'fb-code', state: 's1' }]);
  });

  it("shows the server's message once, in the page's banner (no toast as well), and a way back when connecting fails", async () => {
    const errorToast = vi.spyOn(toast, 'error');
    localStorage.setItem(RETURN_KEY, '/employee/profile');
    const { user, pathname } = await renderApp('/strava?code=the-code&state=s', { signedInAs: 'user' });
    const message = 'Strava is not available: this installation has no Strava connection configured.';
    expect(await screen.findByText('Strava could not be connected')).toBeInTheDocument();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(errorToast).not.toHaveBeenCalled();
    // The 'Connecting...' toast does not stay behind either.
    await waitFor(() => expect(screen.queryByText('Connecting...')).not.toBeInTheDocument());
    errorToast.mockRestore();
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

  it('a return without a state is refused without calling the server', async () => {
    const bodies = connectSucceeds();
    await renderApp('/strava?code=x', { signedInAs: 'user' });
    expect(await screen.findByText('This Strava connection was not started here. Please start again.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});
