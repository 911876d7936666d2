import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { asc, eq } from 'drizzle-orm';
import { mockClock } from '../../../mocks/clock';
import { mockNetwork } from '../../../mocks/network';
import { activities } from '../../../server/db/schema';
import { clientHost } from '../support/host';
import { FIXTURE_PASSWORD, fixtureId } from '../../../mocks/fixtures';
import { callApi } from '../../../src/api/call-api';
import { SESSION_SWITCHED_MESSAGE, type Session } from '../../../src/api/session';
import { api, authEndpoints } from '@/contract';
import { renderApp, testAccounts } from '../render-app';
import { logThroughDialog } from '../support/activity-dialog';

/**
 * A stale tab (docs/security.md#stale-tabs): this tab holds Bea's session while another tab of the
 * same browser signs in as Ivan, so the refresh cookie is now Ivan's. When Bea's access token runs
 * out, the refresh answers Ivan: this tab must not take his session, nor send Bea's writes as him.
 */
vi.setConfig({ testTimeout: 60_000 });

const bea = testAccounts.user.email;
const ivan = 'ivan@wellness.test';
const MINUTE = 60_000;
/** A busy machine: the store's save and the reconnect take a moment. */
const SLOW = { timeout: 10_000 };
const storeOf = (email: string) => localStorage.getItem(`wellness.cache.${fixtureId(email)}`);
const activitiesOf = async (email: string) => (await clientHost.db()).select().from(activities).where(eq(activities.userId, fixtureId(email))).orderBy(asc(activities.id));
const sessionOf = (app: Awaited<ReturnType<typeof renderApp>>) => app.queryClient.getQueryData<Session | null>(['session']) ?? null;

/** Another tab signs in as Ivan: the browser's refresh cookie is his from now on. */
const ivanSignsInElsewhere = () => callApi(authEndpoints.signin, { body: { email: ivan, password: FIXTURE_PASSWORD } });

const logActivity = logThroughDialog;

/** Counts what reaches the activity log endpoint. */
const countLogRequests = () => {
  const seen: string[] = [];
  clientHost.server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/user/activity/log') seen.push(request.headers.get('idempotency-key') ?? '');
  });
  return seen;
};

describe('a tab whose person is no longer the one the cookie belongs to', () => {
  beforeEach(() => mockClock.set('2026-11-22T10:00:00Z'));

  it('a read after the 401 goes to the sign-in screen instead of reading as the other person', async () => {
    const app = await renderApp('/leaderboard', { signedInAs: 'user', clock: mockClock });
    await ivanSignsInElsewhere();
    mockClock.advance(16 * MINUTE); // Bea's access token has run out
    await act(() => expect(callApi(api.leaders.top, { query: {} })).rejects.toMatchObject({ statusCode: 401 }));
    expect(await screen.findByText(SESSION_SWITCHED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/'));
    expect(sessionOf(app)).toBeNull();
    expect(screen.getByRole('form', { name: 'Log in' })).toBeInTheDocument();
  });

  it("Bea's queued write is not sent as Ivan, stays on the device for her, and is sent when she signs in again", async () => {
    const app = await renderApp('/employee/dashboard', { signedInAs: 'user', clock: mockClock });
    await screen.findByText(/Total month:/);
    await ivanSignsInElsewhere();
    act(() => mockNetwork.goOffline());
    await logActivity(app.user, 'Friday, November 20, 2026', 'Swimming', '40');
    await waitFor(() => expect(storeOf(bea)).toContain('Swimming'), SLOW);

    mockClock.advance(16 * MINUTE); // Bea's access token has run out while offline
    const posts = countLogRequests();
    act(() => mockNetwork.goOnline());

    expect(await screen.findByText(SESSION_SWITCHED_MESSAGE, undefined, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/'), SLOW);
    expect(await activitiesOf(ivan)).toEqual([]);
    expect(await activitiesOf(bea)).toEqual([]);
    expect(posts.length).toBeLessThanOrEqual(1); // at most the one refused with Bea's expired token
    expect(storeOf(bea)).toContain('Swimming');
    expect(storeOf(ivan) ?? '').not.toContain('Swimming');

    // Bea signs in again in this tab: her write goes, as her, once.
    const form = screen.getByRole('form', { name: 'Log in' });
    await app.user.type(within(form).getByLabelText('Email'), bea);
    await app.user.type(within(form).getByLabelText('Password'), testAccounts.user.password);
    await app.user.click(within(form).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(app.pathname()).toBe('/employee/dashboard'), SLOW);
    await waitFor(async () => expect((await activitiesOf(bea)).map((activity) => [activity.name, activity.movingTime])).toEqual([['Swimming', 40]]), SLOW);
    expect(await activitiesOf(ivan)).toEqual([]);
  });

  it('a page opened offline as Bea does not become Ivan when the connection is back', async () => {
    const first = await renderApp('/employee/dashboard', { signedInAs: 'user', clock: mockClock });
    await screen.findByText(/Total month:/);
    await ivanSignsInElsewhere();
    act(() => mockNetwork.goOffline());
    await logActivity(first.user, 'Friday, November 20, 2026', 'Yoga', '15');
    await waitFor(() => expect(storeOf(bea)).toContain('Yoga'), SLOW);
    first.unmount();

    // A reload without a connection: the device's session (Bea, no token) and her store open the dashboard.
    const second = await renderApp('/employee/dashboard', { clock: mockClock });
    expect(await screen.findByRole('region', { name: 'Waiting to be sent' }, SLOW)).toHaveTextContent('Yoga');
    act(() => mockNetwork.goOnline());
    expect(await screen.findByText(SESSION_SWITCHED_MESSAGE, undefined, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(second.pathname()).toBe('/'), SLOW);
    expect(sessionOf(second)).toBeNull();
    expect(await activitiesOf(ivan)).toEqual([]);
    expect(storeOf(bea)).toContain('Yoga');
  });
});
