import { screen, waitFor, within } from '@testing-library/react';
import { renameUser } from '../competition-seed';
import { renderApp } from '../render-app';
import { failFirstCalls, holdRequests } from '../route-states';

/** The admin users route: its loader reads the view from the URL (loaderDeps), the table reads with suspense. */
vi.setConfig({ testTimeout: 30_000 });

const lastNames = () =>
  within(screen.getByRole('table', { name: 'Users' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('admin users route: loader, pending and error states', () => {
  it('shows the titled skeleton while the loader waits, then the view of the URL', async () => {
    const release = holdRequests('*/api/users');
    await renderApp('/admin/dashboard?level=%22Beginner%22', { signedInAs: 'admin', settle: false });
    const pending = await screen.findByRole('status', { name: 'Loading users' });
    expect(within(pending).getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Users' })).not.toBeInTheDocument();

    release();
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect(lastNames()).toEqual(['Beginner', 'Private']);
    expect(screen.getByText('2 employees')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading users' })).not.toBeInTheDocument();
  });

  it('a failed load shows the error with Retry under the page title; Retry loads the table', async () => {
    failFirstCalls('*/api/users');
    const { user } = await renderApp('/admin/dashboard', { signedInAs: 'admin' });
    const alert = (await screen.findByText(/We could not load the users\./, {}, { timeout: 8000 })).closest<HTMLElement>('[role="alert"]')!;
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect(lastNames()).toHaveLength(5);
    expect(screen.queryByText(/We could not load the users/)).not.toBeInTheDocument();
  });

  it('typing a search keeps the rows (dimmed) and the focus in the box until the new rows arrive', async () => {
    await renameUser('bea@wellness.test', 'María', 'López');
    const app = await renderApp('/admin/dashboard', { signedInAs: 'admin' });
    const release = holdRequests('*/api/users');
    const search = screen.getByRole('textbox', { name: 'Search employees' });
    await app.user.type(search, 'mar');
    await waitFor(() => expect(app.router.state.location.search).toMatchObject({ search: 'mar' }));
    expect(lastNames()).toHaveLength(5);
    expect(screen.getByRole('table', { name: 'Users' }).closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('status', { name: 'Loading users' })).not.toBeInTheDocument();
    expect(search).toHaveFocus();

    release();
    await waitFor(() => expect(lastNames()).toEqual(['López']));
    expect(search).toHaveFocus();
    expect(search).toHaveValue('mar');
  });
});
