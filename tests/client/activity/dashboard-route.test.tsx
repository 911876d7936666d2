import { screen, waitFor, within } from '@testing-library/react';
import { fixedClock } from '@/domain/clock';
import { mockClock } from '../../../mocks/clock';
import { renderApp } from '../render-app';
import { seedActivity } from '../competition-seed';
import { failFirstCalls, holdRequests } from '../route-states';

/** The employee dashboard route: its loader asks for the current month and the calendar's file, the calendar reads the month with suspense. */
vi.setConfig({ testTimeout: 45_000 });

const bea = 'bea@wellness.test';
const NOW = '2026-11-22T10:00:00Z';

describe('dashboard route: loader, pending and error states', () => {
  beforeEach(() => mockClock.set(NOW));

  it("shows the page's title and the calendar's frame while the month loads, then the calendar with its data", async () => {
    await seedActivity(bea, '2026-11-03', 45, 'Running');
    const release = holdRequests('*/api/user/activity');
    await renderApp('/employee/dashboard', { signedInAs: 'user', clock: mockClock, settle: false });
    const pending = await screen.findByRole('status', { name: 'Loading your month' });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import workout files' })).toBeEnabled();
    // The month's toolbar is there, waiting: its buttons do nothing until the calendar is.
    expect(within(pending).getByRole('heading', { level: 2, name: 'November 2026' })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Next month' })).toBeDisabled();
    expect(screen.queryByText(/Total month:/)).not.toBeInTheDocument();

    release();
    expect(await screen.findByText('Running')).toBeInTheDocument();
    expect(screen.getByText('Total month: 45 mins')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your month' })).not.toBeInTheDocument();
  });

  it('a failed month shows the error with Retry; Retry loads the calendar', async () => {
    await seedActivity(bea, '2026-11-03', 45, 'Running');
    failFirstCalls('*/api/user/activity');
    const { user } = await renderApp('/employee/dashboard', { signedInAs: 'user', clock: mockClock });
    const alert = (await screen.findByText(/We could not load this month\./, {}, { timeout: 8000 })).closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent('This could not be loaded');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Running')).toBeInTheDocument();
    expect(screen.queryByText(/We could not load this month/)).not.toBeInTheDocument();
  });

  it('another month keeps the calendar on screen under its own loader, not the page skeleton', async () => {
    await seedActivity(bea, '2026-10-07', 25, 'Rowing');
    const { user } = await renderApp('/employee/dashboard', { signedInAs: 'user', clock: mockClock });
    await screen.findByText('Total month: 0 mins');
    const release = holdRequests('*/api/user/activity');
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { name: 'October 2026' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading month')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your month' })).not.toBeInTheDocument();

    release();
    expect(await screen.findByText('Rowing')).toBeInTheDocument();
    expect(screen.getByText('Total month: 25 mins')).toBeInTheDocument();
  });

  it("the loader and the calendar read the router context's clock", async () => {
    mockClock.set('2027-03-10T09:00:00Z');
    await seedActivity(bea, '2027-03-02', 15, 'Yoga');
    const { queryClient } = await renderApp('/employee/dashboard', { signedInAs: 'user', clock: fixedClock('2027-03-10T09:00:00Z') });
    // The loader fetched March 2027 (the router's clock), not the month of the machine's clock.
    expect(queryClient.getQueryCache().findAll({ queryKey: ['activity', 'month'] }).map((query) => query.queryKey[2])).toEqual(['2027-03-01']);
    expect(screen.getByRole('heading', { name: 'March 2027' })).toBeInTheDocument();
    expect(await screen.findByText('Yoga')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Total month: 15 mins')).toBeInTheDocument());
  });
});
