import { screen, waitFor, within } from '@testing-library/react';
import { mockClock } from '../../../mocks/clock';
import { renderApp } from '../render-app';
import { seedActivity } from '../competition-seed';
import { failFirstCalls, holdRequests } from '../route-states';

/** The leaderboard route: its loader fills the cache, the screen reads it with suspense. */
vi.setConfig({ testTimeout: 30_000 });

const column = (level: string) => screen.getByRole('region', { name: level });

describe('leaderboard route: loader, pending and error states', () => {
  beforeEach(() => mockClock.set('2026-11-22T10:00:00Z'));

  it('shows the titled skeleton while the loader waits, then the columns', async () => {
    await seedActivity('bea@wellness.test', '2026-11-01', 40);
    const release = holdRequests('*/api/leaders/top');
    await renderApp('/leaderboard', { signedInAs: 'user', clock: mockClock, settle: false });
    const pending = await screen.findByRole('status', { name: 'Loading leaders' });
    expect(within(pending).getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Beginner' })).not.toBeInTheDocument();

    release();
    expect(await within(await waitFor(() => column('Beginner'))).findByText('40 points')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading leaders' })).not.toBeInTheDocument();
  });

  it('a failed load shows the error with Retry under the page title; Retry loads the columns', async () => {
    await seedActivity('bea@wellness.test', '2026-11-01', 40);
    failFirstCalls('*/api/leaders/top');
    const { user } = await renderApp('/leaderboard', { signedInAs: 'user', clock: mockClock });
    const alert = (await screen.findByText(/We could not load the leaderboard\. Error in server , try again later/, {}, { timeout: 8000 })).closest<HTMLElement>('[role="alert"]')!;
    expect(screen.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(await waitFor(() => column('Beginner'))).findByText('40 points')).toBeInTheDocument();
    expect(screen.queryByText(/We could not load the leaderboard/)).not.toBeInTheDocument();
  });

  it("another year keeps the columns on screen (dimmed) until that year's standings arrive", async () => {
    await seedActivity('ivan@wellness.test', '2025-06-01', 70); // competition year 2025
    const { user } = await renderApp('/leaderboard', { signedInAs: 'admin', clock: mockClock });
    expect(within(column('Intermediate')).getByText('There are no leaders yet')).toBeInTheDocument();
    const release = holdRequests('*/api/leaders/top');
    await user.click(screen.getByRole('combobox', { name: 'Competition year' }));
    await user.click(await screen.findByRole('option', { name: '2025/26', hidden: true }));
    await waitFor(() => expect(column('Intermediate').parentElement).toHaveAttribute('aria-busy', 'true'));
    expect(within(column('Intermediate')).getByText('There are no leaders yet')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading leaders' })).not.toBeInTheDocument();

    release();
    expect(await within(column('Intermediate')).findByText('70 points')).toBeInTheDocument();
    expect(column('Intermediate').parentElement).toHaveAttribute('aria-busy', 'false');
  });
});
