import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { mockClock, mockNetwork, mockServer } from '../../../mocks/node';
import { mockDb } from '../../../mocks/db';
import { FIXTURE_PASSWORD, fixtureId } from '../../../mocks/fixtures';
import { callApi } from '../../../src/api/call-api';
import { authEndpoints } from '@/contract';
import { renderApp } from '../render-app';
import { OFFLINE_BANNER_TITLE } from '../../../src/components/offline-banner';

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
  mockServer.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/user/activity/log') seen.push(request.headers.get('idempotency-key') ?? '');
  });
  return seen;
};

const findOption = (name: string) =>
  waitFor(() => {
    const option = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((element) => element.textContent === name);
    if (!option) throw new Error(`no option ${name}`);
    return option;
  });

const openDashboard = async () => {
  const app = await renderApp('/employee/dashboard', { signedInAs: 'user', clock: mockClock });
  await screen.findByText(/Total month:/);
  return app;
};

const logOffline = async (user: Awaited<ReturnType<typeof renderApp>>['user'], day: string, title: string, minutes: string) => {
  await user.click(screen.getByRole('button', { name: `Add new activity on ${day}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Add new activity' });
  await user.click(within(dialog).getByRole('combobox', { name: 'Title' }));
  await user.click(await findOption(title));
  await user.clear(within(dialog).getByLabelText(/Moving time/));
  await user.type(within(dialog).getByLabelText(/Moving time/), minutes);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  // Offline the form closes at once: the write waits on the device.
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add new activity' })).not.toBeInTheDocument());
};

const activitiesOf = (userId: number) => mockDb.activities.filter((activity) => activity.userId === userId);

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
    expect(activitiesOf(beaId()).map((activity) => [activity.name, activity.movingTime])).toEqual([['Swimming', 40]]);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatch(/^[0-9a-f-]{36}$/);
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
    await waitFor(() => expect(activitiesOf(beaId())).toHaveLength(2));
    expect(activitiesOf(beaId()).map((activity) => activity.name)).toEqual(['Yoga', 'Cycling']);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Waiting to be sent' })).not.toBeInTheDocument());
    // The page started without a token: the first write is refused 401, the session is refreshed
    // from the cookie and the write goes again with the same key. Two keys, two rows.
    expect(new Set(posts).size).toBe(2);
    expect(activitiesOf(beaId())).toHaveLength(2);
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
    expect(activitiesOf(beaId())).toEqual([]);
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
    expect(activitiesOf(beaId())).toEqual([]);
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
