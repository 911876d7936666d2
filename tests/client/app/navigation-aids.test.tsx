import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, testAccounts } from '../render-app';

describe('what tells a person where they are', () => {
  it('names each page in the browser tab', async () => {
    await renderApp('/');
    await waitFor(() => expect(document.title).toBe('Log in - Wellness Challenge'));
    const { router } = await renderApp('/leaderboard', { signedInAs: 'user' });
    await waitFor(() => expect(document.title).toBe('Leaderboard - Wellness Challenge'));
    await act(() => router.navigate({ to: '/employee/activity-feed' }));
    await waitFor(() => expect(document.title).toBe('Recent users activities - Wellness Challenge'));
  });

  it('offers a skip link to the page content as the first stop of the Tab key', async () => {
    const { user } = await renderApp('/');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(document.getElementById('main-content')?.tagName).toBe('MAIN');
  });

  it('says that an unknown address does not exist while it shows the start page', async () => {
    const { pathname } = await renderApp('/no/such/page');
    expect(pathname()).toBe('/');
    expect(await screen.findByText('Page not found: /no/such/page')).toBeInTheDocument();
  });

  it('opens the forgot-password dialog with the e-mail already typed on the login form', async () => {
    const { user } = await renderApp('/');
    const form = screen.getByRole('form', { name: 'Log in' });
    await user.type(within(form).getByLabelText('Email'), testAccounts.user.email);
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveValue(testAccounts.user.email));
  });

  it('offers a phone a "Menu" button that lists every page of the role by name (no hover, no tooltips), by keyboard too', async () => {
    const phone = (query: string) => ({ matches: query.includes('max-width: 48em'), media: query, onchange: null, addListener: vi.fn(), removeListener: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn(), dispatchEvent: vi.fn() });
    vi.spyOn(window, 'matchMedia').mockImplementation(phone as never);
    const { user, pathname } = await renderApp('/admin/dashboard', { signedInAs: 'admin' });
    expect(screen.queryByRole('link', { name: 'Leaders' })).not.toBeInTheDocument();
    const menuButton = await screen.findByRole('button', { name: 'Menu' });
    menuButton.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Menu' });
    // Shown once its opening transition starts.
    const items = await within(menu).findAllByRole('menuitem', { hidden: true });
    expect(items.map((item) => item.textContent)).toEqual(['Leaders', 'Teams', 'Users', 'Overview', 'Invitations', 'Audit trail', 'Fitness services']);
    expect(within(menu).getByRole('menuitem', { name: 'Users', hidden: true })).toHaveAttribute('aria-current', 'page');
    // Opened by keyboard, the first page has the focus; the arrows move through the rest.
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Leaders', hidden: true })).toHaveFocus());
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(pathname()).toBe('/admin/overview'));
    await waitFor(() => expect(screen.queryByRole('menu', { name: 'Menu', hidden: true })).not.toBeInTheDocument());
    vi.mocked(window.matchMedia).mockRestore();
  });
});
