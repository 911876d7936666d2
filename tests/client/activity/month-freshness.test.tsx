import { screen, waitFor } from '@testing-library/react';
import { mockClock } from '../../../mocks/clock';
import { fixtureId } from '../../../mocks/fixtures';
import { renderApp } from '../render-app';
import { clientHost } from '../support/host';
import { seedActivity } from '../competition-seed';

/**
 * The month kept on the device is shown at once but always read again online
 * (docs/product-rules.md#dashboard-and-calendar): a reload shows what was logged elsewhere, and every
 * change of month asks the server for that month.
 */
vi.setConfig({ testTimeout: 45_000 });

const bea = 'bea@wellness.test';
const storeOf = (id: number) => localStorage.getItem(`wellness.cache.${id}`);

/** The month ranges the dashboard asked the mock host for, in order. */
const monthRequests = () => {
  const seen: string[] = [];
  clientHost.server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/user/activity') seen.push(url.searchParams.get('startDate')!.slice(0, 7));
  });
  return seen;
};

describe('the month on the dashboard is never older than the server', () => {
  beforeEach(() => mockClock.set('2026-11-22T10:00:00Z'));

  it('a reload right after a visit shows activities added elsewhere, not the month kept on the device', async () => {
    const first = await renderApp('/employee/dashboard', { signedInAs: 'user', clock: mockClock });
    expect(await screen.findByText('Total month: 0 mins')).toBeInTheDocument();
    await waitFor(() => expect(storeOf(fixtureId(bea))).toContain('"month"'));
    first.unmount();

    // Logged from another device (or imported from a tracker) a moment later.
    await seedActivity(bea, '2026-11-20', 60, 'Cycling');
    const requests = monthRequests();
    await renderApp('/employee/dashboard', { clock: mockClock });
    expect(await screen.findByText('Total month: 60 mins')).toBeInTheDocument();
    expect(screen.getByText('Cycling')).toBeInTheDocument();
    expect(requests).toContain('2026-11');
  });

  it('every change of month reads that month, also one shown a moment before', async () => {
    const { user } = await renderApp('/employee/dashboard', { signedInAs: 'user', clock: mockClock });
    await screen.findByText('Total month: 0 mins');
    const requests = monthRequests();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { name: 'October 2026' })).toBeInTheDocument();
    await screen.findByText('Total month: 0 mins');
    await seedActivity(bea, '2026-11-03', 25, 'Yoga');
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
    expect(await screen.findByText('Total month: 25 mins')).toBeInTheDocument();
    expect(requests).toEqual(['2026-10', '2026-11']);
  });
});
