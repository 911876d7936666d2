import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockClock } from '../../../mocks/clock';
import { trackerConnections } from '../../../server/db/schema';
import { clientHost } from '../support/host';
import { fixtureId } from '../../../mocks/fixtures';
import { seedActivity, seedEvent, seedSteps } from '../competition-seed';
import { renderApp } from '../render-app';

/** Product rules: Progress charts and overview. The progress charts on the profile page and the admin competition overview. */

vi.setConfig({ testTimeout: 45_000 });

/** One "now" for the SPA (system clock) and the mocks (mock clock). */
const standAt = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  mockClock.set(iso);
};
afterEach(() => {
  vi.useRealTimers();
});

const cells = (row: HTMLElement) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)];
const rowOf = (table: HTMLElement, month: string) => cells(within(table).getByRole('rowheader', { name: month }).closest('tr')!);

const failingTwice = (path: string) => {
  let calls = 0;
  clientHost.server.use(
    http.get(path, () => {
      calls += 1;
      // The query retries once by itself: the first two calls fail, the Retry button's succeeds.
      return calls <= 2 ? HttpResponse.json({ statusCode: 500, serverCode: 'INTERNAL_ERROR', message: 'Error in server , try again later' }, { status: 500 }) : undefined;
    }),
  );
};

describe('my progress on /employee/profile', () => {
  beforeEach(() => standAt('2026-11-22T10:00:00Z'));

  it('draws the charts, and the table view lists minutes, points, rank and the level median', async () => {
    await seedActivity('bea@wellness.test', '2026-11-03', 30);
    await seedActivity('pia@wellness.test', '2026-11-04', 60);
    await seedEvent('bea@wellness.test', '2026-06-10');
    const { user } = await renderApp('/employee/profile', { signedInAs: 'user' });
    const section = await screen.findByRole('region', { name: 'My progress' });
    // The charts module is loaded lazily: its figures appear once it has arrived.
    expect(await within(section).findByRole('img', { name: /Points per month: .*median of the Beginner level/ }, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: /Rank in Beginner/ })).toBeInTheDocument();

    await user.click(within(section).getByRole('radio', { name: 'Table' }));
    const table = within(section).getByRole('table', { name: 'Your months in the Beginner level' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(8);
    expect(cells(rows[0]!)).toEqual(['April 2026', '0', '0', '–', '0']);
    expect(cells(rows[2]!)).toEqual(['June 2026', '0', '60', '1 of 1', '60']);
    expect(cells(rows[7]!)).toEqual(['November 2026', '30', '30', '2 of 2', '45']);
  });

  it('says so when the year has no points yet, and the year filter reads another year', async () => {
    await seedSteps('bea@wellness.test', '2025-05-02');
    const { user } = await renderApp('/employee/profile', { signedInAs: 'user' });
    const section = await screen.findByRole('region', { name: 'My progress' });
    expect(await within(section).findByText(/2026\/27: No points in this competition year yet/)).toBeInTheDocument();
    expect(within(section).queryByRole('img')).not.toBeInTheDocument();

    await user.click(within(section).getByRole('combobox', { name: 'Competition year' }));
    await user.click(await screen.findByRole('option', { name: '2025/26', hidden: true }));
    await user.click(await within(section).findByRole('radio', { name: 'Table' }));
    const table = await within(section).findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(rowOf(table, 'May 2025')).toEqual(['May 2025', '0', '30', '1 of 1', '30']);
  });

  it('shows a loader while loading, then an error with Retry that loads it', async () => {
    await seedActivity('bea@wellness.test', '2026-11-03', 30);
    failingTwice('*/api/insights/progress');
    const { user } = await renderApp('/employee/profile', { signedInAs: 'user' });
    const section = await screen.findByRole('region', { name: 'My progress' });
    expect(within(section).getByLabelText('Loading your progress')).toBeInTheDocument();
    const alert = (await within(section).findByText(/We could not load your progress\./, {}, { timeout: 8000 })).closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent('This could not be loaded');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByRole('img', { name: /Minutes per month/ }, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('competition overview on /admin/overview', () => {
  beforeEach(() => standAt('2026-11-22T10:00:00Z'));

  it('shows tracker connections and, as a table, the months of the year in the URL', async () => {
    await seedActivity('bea@wellness.test', '2025-11-03', 30);
    await seedActivity('ivan@wellness.test', '2025-11-05', 45);
    await seedSteps('ivan@wellness.test', '2025-11-06');
    await seedEvent('alex@wellness.test', '2026-01-10', true);
    await (await clientHost.db()).insert(trackerConnections).values({ userId: fixtureId('bea@wellness.test'), service: 'STRAVA', externalUserId: '1', accessToken: 'not-used', connectedAt: new Date('2026-11-01T00:00:00.000Z') });
    const { user, router } = await renderApp('/admin/overview?year=2025', { signedInAs: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Competition overview' })).toBeInTheDocument();
    expect(await screen.findByText('1 of 5')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /Minutes per level/ }, { timeout: 10_000 })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Table' }));
    const table = screen.getByRole('table', { name: 'Month by month' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(rowOf(table, 'November 2025')).toEqual(['November 2025', '2', '30', '45', '0', '0', '0', '1']);
    expect(rowOf(table, 'January 2026')).toEqual(['January 2026', '1', '0', '0', '0', '0', '1', '0']);

    await user.click(screen.getByRole('combobox', { name: 'Competition year' }));
    await user.click(await screen.findByRole('option', { name: '2026/27', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByText(/2026\/27: Nobody has scored in this competition year yet\./)).toBeInTheDocument();
  });

  it('a failed load offers Retry; employees are sent away from the page', async () => {
    failingTwice('*/api/insights/overview');
    const { user } = await renderApp('/admin/overview', { signedInAs: 'admin' });
    const alert = (await screen.findByText(/We could not load the overview\./, {}, { timeout: 8000 })).closest<HTMLElement>('[role="alert"]')!;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('0 of 5')).toBeInTheDocument();
  });

  it('is not open to employees', async () => {
    const app = await renderApp('/admin/overview', { signedInAs: 'user' });
    await waitFor(() => expect(app.pathname()).toBe('/employee/dashboard'));
  });
});
