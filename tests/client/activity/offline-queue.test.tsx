import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { mockClock } from '../../../mocks/clock';
import { mockNetwork } from '../../../mocks/network';
import { clientHost } from '../support/host';
import { asc, eq } from 'drizzle-orm';
import { activities } from '../../../server/db/schema';
import { FIXTURE_PASSWORD, fixtureId } from '../../../mocks/fixtures';
import { callApi } from '../../../src/api/call-api';
import { authEndpoints } from '@/contract';
import { renderApp } from '../render-app';
import { OFFLINE_BANNER_TITLE } from '../../../src/components/offline-banner';
import { logThroughDialog } from '../support/activity-dialog';

/**
 * Logging without a connection (docs/product-rules.md#offline-logging): the write waits on the
 * device as a paused mutation, shows as pending, is sent once when the connection is back, and a
 * refusal stays on screen with what to do. The connection is the mocks' simulated one (mocks/network.ts).
 */
vi.setConfig({ testTimeout: 60_000 });

const bea = 'bea@wellness.test';
const beaId = () => fixtureId(bea);
const storeOf = (id: number) => localStorage.getItem(`wellness.cache.${id}`);

/** Counts the POSTs that reach the mocks' activity log endpoint (a resend would count twice). */
const countLogRequests = () => {
  const seen: string[] = [];
  clientHost.server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/user/activity/log') seen.push(request.headers.get('idempotency-key') ?? '');
  });
  return seen;
};

const openDashboard = async () => {
  const app = await renderApp('/employee/dashboard', { signedInAs: 'user', clock: mockClock });
  await screen.findByText(/Total month:/);
  return app;
};

/** Offline the form closes at once: the write waits on the device. */
const logOffline = logThroughDialog;

const activitiesOf = async (userId: number) => (await clientHost.db()).select().from(activities).where(eq(activities.userId, userId)).orderBy(asc(activities.id));

describe('offline logging', () => {
  beforeEach(() => mockClock.set('2026-11-22T10:00:00Z'));

  it('an activity logged offline shows as pending, and is sent exactly once when the connection is back', async () => {
    const { user } = await openDashboard();
    const posts = countLogRequests();
    act(() => mockNetwork.goOffline());
    expect(await screen.findByText(OFFLINE_BANNER_TITLE)).toBeInTheDocument();

    await logOffline(user, 'Friday, November 20, 2026', 'Swimming', '40');
    const entry = (await screen.findByText('Swimming')).closest<HTMLElement>('.wc-activity')!;
    expect(entry).toHaveTextContent('Pending');
    const panel = await screen.findByRole('region', { name: 'Waiting to be sent' });
    expect(panel).toHaveTextContent('Pending: New activity: Swimming, 40 min, Friday, November 20, 2026');
    expect(posts).toEqual([]);
    // Kept on the device under this employee's own key.
    await waitFor(() => expect(storeOf(beaId())).toContain('Swimming'));

    act(() => mockNetwork.goOnline());
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Waiting to be sent' })).not.toBeInTheDocument());
    expect(screen.queryByText(OFFLINE_BANNER_TITLE)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Swimming').closest('.wc-activity')).not.toHaveTextContent('Pending'));
    expect(await screen.findByText('Total month: 40 mins')).toBeInTheDocument();
    expect((await activitiesOf(beaId())).map((activity) => [activity.name, activity.movingTime])).toEqual([['Swimming', 40]]);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatch(/^[0-9a-f-]{36}$/);
    // The sync says what it did.
    expect(await screen.findByText('1 change made on this device was sent and saved.')).toBeInTheDocument();
    // Sent: no write is kept any more, only the month it now belongs to.
    await waitFor(() => expect(JSON.parse(storeOf(beaId())!).clientState.mutations).toEqual([]));
  });

  it('writes made offline survive a reload and are sent in the order they were made', async () => {
    const first = await openDashboard();
    act(() => mockNetwork.goOffline());
    await logOffline(first.user, 'Friday, November 20, 2026', 'Yoga', '15');
    await logOffline(first.user, 'Saturday, November 21, 2026', 'Cycling', '25');
    await waitFor(() => expect(storeOf(beaId())).toContain('Cycling'));
    // The page goes away (a reload): what the device keeps is all the next page has.
    first.unmount();

    // A new page without a connection: the refresh call fails, the device's session and store open the dashboard.
    const second = await renderApp('/employee/dashboard', { clock: mockClock });
    expect(await screen.findByText(OFFLINE_BANNER_TITLE)).toBeInTheDocument();
    expect(second.pathname()).toBe('/employee/dashboard');
    const panel = await screen.findByRole('region', { name: 'Waiting to be sent' });
    expect(within(panel).getAllByText(/New activity/).map((item) => item.textContent)).toEqual([
      'Pending: New activity: Yoga, 15 min, Friday, November 20, 2026',
      'Pending: New activity: Cycling, 25 min, Saturday, November 21, 2026',
    ]);
    const posts = countLogRequests();
    act(() => mockNetwork.goOnline());
    await waitFor(async () => expect(await activitiesOf(beaId())).toHaveLength(2));
    expect((await activitiesOf(beaId())).map((activity) => activity.name)).toEqual(['Yoga', 'Cycling']);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Waiting to be sent' })).not.toBeInTheDocument());
    // The page started without a token: the first write is refused 401, the session is refreshed
    // from the cookie and the write goes again with the same key. Two keys, two rows.
    expect(new Set(posts).size).toBe(2);
    expect(await activitiesOf(beaId())).toHaveLength(2);
  });

  it('a write the server refuses on reconnect stays on the entry with what to do; Discard drops it', async () => {
    mockClock.set('2027-03-31T10:00:00Z');
    const { user } = await renderApp('/employee/dashboard', { signedInAs: 'user', clock: mockClock });
    await screen.findByText(/Total month:/);
    act(() => mockNetwork.goOffline());
    await logOffline(user, 'Tuesday, March 30, 2027', 'Hiking', '90');
    // The competition year closes (after 14 April) before the connection comes back.
    mockClock.set('2027-04-20T10:00:00Z');
    act(() => mockNetwork.goOnline());

    const panel = await screen.findByRole('region', { name: 'Changes not saved' });
    expect(panel).toHaveTextContent('Not saved: New activity: Hiking, 90 min, Tuesday, March 30, 2027');
    expect(panel).toHaveTextContent('Edit it (for example on a day that is still open) or discard it.');
    expect(screen.getByText('Hiking').closest('.wc-activity')).toHaveTextContent('Not saved');
    expect(await activitiesOf(beaId())).toEqual([]);
    await user.click(within(panel).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Changes not saved' })).not.toBeInTheDocument());
    expect(screen.queryByText('Hiking')).not.toBeInTheDocument();
  });

  it('the device store is deleted on sign-out', async () => {
    const { user } = await openDashboard();
    act(() => mockNetwork.goOffline());
    await logOffline(user, 'Friday, November 20, 2026', 'Pilates', '30');
    await waitFor(() => expect(storeOf(beaId())).toContain('Pilates'));
    expect(localStorage.getItem('wellness.offlineUser')).toContain(bea);

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(storeOf(beaId())).toBeNull());
    expect(localStorage.getItem('wellness.offlineUser')).toBeNull();
    act(() => mockNetwork.goOnline());
    expect(await activitiesOf(beaId())).toEqual([]);
  });

  it("another account signing in on the same device never sees or sends the first one's writes", async () => {
    const first = await openDashboard();
    act(() => mockNetwork.goOffline());
    await logOffline(first.user, 'Friday, November 20, 2026', 'Pilates', '30');
    await waitFor(() => expect(storeOf(beaId())).toContain('Pilates'));
    // The page goes away (a reload): what the device keeps is all the next page has.
    first.unmount();
    act(() => mockNetwork.goOnline());

    const posts = countLogRequests();
    const ivan = 'ivan@wellness.test';
    await callApi(authEndpoints.signin, { body: { email: ivan, password: FIXTURE_PASSWORD } });
    await renderApp('/employee/dashboard', { clock: mockClock });
    await screen.findByText(/Total month:/);
    expect(screen.queryByText('Pilates')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Waiting to be sent' })).not.toBeInTheDocument();
    expect(posts).toEqual([]);
    expect(storeOf(fixtureId(ivan)) ?? '').not.toContain('Pilates');
    // Bea's writes stay under her key for her next sign-in.
    expect(storeOf(beaId())).toContain('Pilates');
  });
});

describe('the sync news', () => {
  it('counts the changes sent, and those refused', async () => {
    const { sentMessage } = await import('../../../src/api/offline/queued-sync');
    expect(sentMessage(1, 0)).toBe('1 change made on this device was sent and saved.');
    expect(sentMessage(3, 1)).toBe("3 changes made on this device were sent and saved. 1 was not accepted: see 'Changes not saved'.");
  });

  it('online, a write tried again after a server error is not said to wait for the connection', async () => {
    const { QueuedWritesPanel } = await import('../../../src/features/activity/components/queued-writes-panel');
    const { render } = await import('@testing-library/react');
    const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
    const { MantineProvider } = await import('@mantine/core');
    const write = { id: 1, kind: 'activity.log', variables: { body: { name: 'Swimming', movingTime: 40, startTime: '2026-11-20T00:00:00.000Z' } }, status: 'pending' as const, message: null, statusCode: null };
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <QueuedWritesPanel writes={[write]} onEdit={() => undefined} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(screen.getByText('The server did not answer: they are being sent again, in this order.')).toBeInTheDocument();
    expect(screen.queryByText(/when you are back online/)).not.toBeInTheDocument();
  });
});
