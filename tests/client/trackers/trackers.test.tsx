import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixtureEmployee, fixtureId } from '../../../mocks/fixtures';
import { activities, oauthStates, trackerConnections } from '../../../server/db/schema';
import { clientHost } from '../support/host';
import { withTrackerFakes } from '../support/trackers';
import { browserNavigation } from '../../../src/lib/browser-navigation';
import { createQueryClient } from '../../../src/api/query-client';
import { Providers } from '../../../src/providers';
import { createAppRouter } from '../../../src/router';
import { renderApp, signInThroughMocks } from '../render-app';
import { toast } from '../../../src/api/toasts';

const bea = fixtureEmployee('Beginner').email;
const beaId = fixtureId(bea);
const RETURN_KEY = 'wellness.trackerReturnUrl';

/** Both services configured: the server's clients against the provider fakes. */
const trackers = withTrackerFakes();

const db = () => clientHost.db();
const connections = async () => (await db()).select().from(trackerConnections).where(eq(trackerConnections.userId, beaId));
/** A connection row as the server keeps it (for states a test cannot reach through the provider quickly). */
const storeConnection = async (row: Partial<typeof trackerConnections.$inferInsert> & Pick<typeof trackerConnections.$inferInsert, 'service'>) =>
  (await db()).insert(trackerConnections).values({ userId: beaId, accessToken: 'not-used', connectedAt: new Date(), ...row });
const stravaRun = (id: number, start: string, seconds: number) => ({ id, name: 'Morning run', sport_type: 'Run', moving_time: seconds, start_date: start, start_date_local: start });

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sessionStorage.clear();
  assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  assign.mockRestore();
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
    await trackers.enable();
    const { user } = await renderApp('/employee/fitness-services', { signedInAs: 'user' });
    await user.click(await screen.findByRole('checkbox', { name: 'Strava' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const url = new URL(assign.mock.calls[0]![0] as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${trackers.provider().url}/strava-oauth/oauth/authorize`);
    const [state] = await (await db()).select().from(oauthStates);
    expect(state).toMatchObject({ userId: beaId, service: 'STRAVA', usedAt: null });
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(localStorage.getItem(RETURN_KEY)).toBe('/employee/fitness-services');
    // Nothing of the round trip is kept in the browser any more.
    expect(sessionStorage.length).toBe(0);
  });

  it('ticking Fitbit asks the server for the (Google) page of Fitbit', async () => {
    await trackers.enable();
    const { user } = await renderApp('/employee/fitness-services', { signedInAs: 'user' });
    await user.click(await screen.findByRole('checkbox', { name: 'Fitbit' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(new URL(assign.mock.calls[0]![0] as string).pathname).toBe('/google/auth');
    expect((await (await db()).select().from(oauthStates))[0]).toMatchObject({ service: 'FITBIT' });
  });

  it('a connection the provider no longer accepts says "Reconnect needed" with its reason and offers to connect again', async () => {
    await trackers.enable();
    await storeConnection({ service: 'FITBIT', status: 'reconnect_needed', lastAttemptAt: new Date(), lastResult: 'Fitbit now connects through Google. Please connect Fitbit again.' });
    const { user } = await renderApp('/employee/fitness-services', { signedInAs: 'user' });
    expect(await screen.findByText('Reconnect needed. Fitbit now connects through Google. Please connect Fitbit again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect Fitbit again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
  });

  it('a connected service shows its last sync and result, and a later failed attempt says what went wrong', async () => {
    await trackers.enable();
    const synced = new Date('2026-11-20T08:00:00.000Z');
    await storeConnection({ service: 'STRAVA', externalUserId: '1', connectedAt: synced, lastSyncedAt: synced, lastAttemptAt: synced, lastResult: '2 activities imported', lastAttemptOk: true });
    await storeConnection({ service: 'FITBIT', connectedAt: synced, lastSyncedAt: synced, lastAttemptAt: new Date('2026-11-21T08:00:00.000Z'), lastResult: 'Fitbit did not answer as expected. Please try again later.', lastAttemptOk: false });
    await renderApp('/employee/fitness-services', { signedInAs: 'user' });
    expect(await screen.findByText(/^Connected · last synced .+ · 2 activities imported$/)).toBeInTheDocument();
    expect(screen.getByText(/^Connected · last synced .+\. Last attempt: Fitbit did not answer as expected\. Please try again later\.$/)).toBeInTheDocument();
  });

  it("unticking asks 'Are you sure you want to disconnect service?' and disconnects only when confirmed", async () => {
    await trackers.enable();
    await trackers.connect(bea, 'STRAVA');
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
    expect(await connections()).toHaveLength(1);

    await user.click(screen.getByRole('checkbox', { name: 'Strava' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Strava' })).not.toBeChecked());
    expect(await connections()).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('Sync now queues the imports, follows them, and says what came in', async () => {
    await trackers.enable();
    await trackers.connect(bea, 'STRAVA');
    await clientHost.idle(); // the connection's first import
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    trackers.provider().strava.activities = [stravaRun(11, `${yesterday}T07:00:00Z`, 1800), stravaRun(12, `${yesterday}T17:00:00Z`, 1200)];
    // The provider answers only once the page has shown that the sync runs.
    let finish: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (finish = resolve));
    clientHost.server.use(http.post('*/api/users/sync-activities', async () => void (await held)));
    const { user } = await renderApp('/employee/fitness-services', { signedInAs: 'user' });
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    // While it runs, the page says what is happening (not only a spinner on the button).
    expect(await screen.findByText('Importing your workouts from Strava…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Sync in progress' })).toBeInTheDocument();
    finish();
    expect(await screen.findByText(/2 activities imported/, {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Importing your workouts from Strava…')).not.toBeInTheDocument());
  });

  it('a provider paused for a fault of the app\'s set-up says so instead of asking to reconnect; Sync now imports nothing from it', async () => {
    await trackers.enable();
    await trackers.connect(bea, 'FITBIT');
    await clientHost.idle();
    // The Health API is switched off in the app's Cloud project (403 SERVICE_DISABLED).
    trackers.provider().google.failNext = ['service-disabled', 'service-disabled'];
    const { user } = await renderApp('/employee/fitness-services', { signedInAs: 'user' });
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    // The error toast says the same as the line under Fitbit.
    await waitFor(() => expect(screen.getAllByText('Syncing with Fitbit is paused; your administrator has been told')).toHaveLength(2), { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Connect Fitbit again' })).not.toBeInTheDocument();
    expect(await (await db()).select().from(activities).where(eq(activities.source, 'fitbit'))).toEqual([]);
  });

  it('a sync where one service failed says what came in and what went wrong', async () => {
    await trackers.enable();
    await trackers.connect(bea, 'STRAVA');
    await trackers.connect(bea, 'FITBIT');
    await clientHost.idle();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    trackers.provider().strava.activities = [stravaRun(21, `${yesterday}T07:00:00Z`, 1800), stravaRun(22, `${yesterday}T17:00:00Z`, 1200)];
    // Google answers 500 to every try of the call.
    trackers.provider().google.failNext = [500, 500, 500, 500, 500, 500];
    const { user } = await renderApp('/employee/fitness-services', { signedInAs: 'user' });
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    // In the order the server queued the services.
    expect(await screen.findByText('Fitbit did not answer as expected. Please try again later. Strava: 2 activities imported', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('tracker return pages', () => {
  /** What the page posts; the server's answer to a code the provider issued (the round trip itself: the screen tests above). */
  const connectSucceeds = () => {
    const bodies: unknown[] = [];
    const answer = (apiType: 'STRAVA' | 'FITBIT') => async ({ request }: { request: Request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ apis: [apiType], services: [] });
    };
    clientHost.server.use(http.post('*/api/users/connect-strava', answer('STRAVA')), http.post('*/api/users/connect-fitbit', answer('FITBIT')));
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
