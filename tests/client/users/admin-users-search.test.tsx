import { screen, waitFor, within } from '@testing-library/react';
import { clientHost } from '../support/host';
import { renameUser } from '../competition-seed';
import { renderApp } from '../render-app';

/** Product rules: Admin search. Search, filter and sort the users table; the view lives in the URL. */

const rename = renameUser;
const lastNames = () =>
  within(screen.getByRole('table', { name: 'Users' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('admin users search, filter and sort', () => {
  beforeEach(async () => {
    await rename('bea@wellness.test', 'María', 'López');
    await rename('ivan@wellness.test', 'Ana-Maria', 'Schmidt');
  });

  it('debounced typing narrows the list (one request, not one per key), the count follows, and the URL keeps it', async () => {
    const searches: string[] = [];
    clientHost.server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/users') searches.push(url.searchParams.get('search') ?? '');
    });
    const app = await renderApp('/admin/dashboard', { signedInAs: 'admin' });
    await screen.findByRole('table', { name: 'Users' });
    await app.user.type(screen.getByRole('textbox', { name: 'Search employees' }), 'mari');
    await waitFor(() => expect(lastNames()).toEqual(['López', 'Schmidt']));
    expect(screen.getByText('2 employees')).toBeInTheDocument();
    expect(searches.filter((search) => search !== '')).toEqual(['mari']);
    expect(app.router.state.location.search).toMatchObject({ search: 'mari' });
  });

  it('a pause after a space keeps the space: the search committed without it does not rewrite the box', async () => {
    const app = await renderApp('/admin/dashboard', { signedInAs: 'admin' });
    await screen.findByRole('table', { name: 'Users' });
    const box = screen.getByRole('textbox', { name: 'Search employees' });
    await app.user.type(box, 'maria ');
    await waitFor(() => expect(app.router.state.location.search).toMatchObject({ search: 'maria' }));
    expect(box).toHaveValue('maria ');
    await app.user.type(box, 'lop');
    expect(box).toHaveValue('maria lop');
    await waitFor(() => expect(lastNames()).toEqual(['López']));
  });

  it('a shared link shows the same view: search, level and sort from the URL', async () => {
    await renderApp('/admin/dashboard?search=%22mar%22&level=%22Beginner%22', { signedInAs: 'admin' });
    await waitFor(() => expect(lastNames()).toEqual(['López']));
    expect(screen.getByRole('textbox', { name: 'Search employees' })).toHaveValue('mar');
    expect(screen.getByRole('combobox', { name: 'Level of competition' })).toHaveValue('Beginner');
  });

  it("says so when nothing matches; '/' focuses the search; a header sorts and says which way", async () => {
    const app = await renderApp('/admin/dashboard', { signedInAs: 'admin' });
    await screen.findByRole('table', { name: 'Users' });
    await app.user.keyboard('/');
    const search = screen.getByRole('textbox', { name: 'Search employees' });
    expect(search).toHaveFocus();
    await app.user.keyboard('nobody');
    expect(await screen.findByText('No employees match your search')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(lastNames()).toHaveLength(5));

    const emailHeader = screen.getByRole('columnheader', { name: /Email/ });
    expect(emailHeader).toHaveAttribute('aria-sort', 'none');
    await app.user.click(within(emailHeader).getByRole('button', { name: 'Sort by Email' }));
    await waitFor(() => expect(emailHeader).toHaveAttribute('aria-sort', 'ascending'));
    await app.user.click(within(emailHeader).getByRole('button', { name: 'Sort by Email' }));
    await waitFor(() => expect(emailHeader).toHaveAttribute('aria-sort', 'descending'));
    await waitFor(() => expect(lastNames()[0]).toBe('Private')); // pia@ is the last e-mail
    expect(app.router.state.location.search).toMatchObject({ sort: 'email', order: 'desc' });
  });
});

describe('CSV download from the users table', () => {
  it("downloads the current view's employees under the server's file name", async () => {
    await rename('bea@wellness.test', 'María', 'López');
    const urls: string[] = [];
    clientHost.server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/users/export.csv') urls.push(request.url);
    });
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:export';
    }) as never;
    URL.revokeObjectURL = vi.fn();
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    const app = await renderApp('/admin/dashboard?level=%22Beginner%22', { signedInAs: 'admin' });
    await waitFor(() => expect(lastNames()).toEqual(['López', 'Private']));
    await app.user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]).toMatch(/^employees-beginner-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(new URL(urls[0]!).searchParams.get('level')).toBe('Beginner');
    const text = await created[0]!.text();
    expect(text).toContain('María,López,bea@wellness.test');
    click.mockRestore();
  });
});
