import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockAccess } from '../../../mocks/access/settings';
import { users } from '../../../server/db/schema';
import { clientHost } from '../support/host';
import { renderApp } from '../render-app';

const form = () => screen.getByRole('form', { name: 'Create new profile' });
const field = (label: string) => within(form()).getByLabelText(label);
const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe('sign-up policy on the screens', () => {
  it('domain mode: the e-mail field names the domains and an outside address is refused under it, nothing created', async () => {
    mockAccess.set({ signupMode: 'domain', emailDomains: ['acme.com'] });
    const app = await renderApp('/signup');
    expect(await within(form()).findByText('Your company address (@acme.com)')).toBeInTheDocument();
    const { user } = app;
    await user.type(field('First name'), 'Nora');
    await user.type(field('Last name'), 'Newcomer');
    fireEvent.change(field('Date of birth'), { target: { value: '1994-06-15' } });
    fireEvent.blur(field('Date of birth'));
    await user.selectOptions(field('Gender'), 'female');
    await user.type(field('Email'), 'nora@gmail.com');
    await user.type(field('Password'), 'Secret123!');
    await user.type(field('Confirm password'), 'Secret123!');
    await user.selectOptions(field('Level of competition'), 'Intermediate');
    const countUsers = async () => (await (await clientHost.db()).select({ id: users.id }).from(users)).length;
    const usersBefore = await countUsers();
    await user.click(within(form()).getByRole('button', { name: 'Create profile' }));
    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription(/Please use your company e-mail address \(@acme\.com\)/));
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(await countUsers()).toBe(usersBefore);
    expect(app.pathname()).toBe('/signup');
  });

  it("invite mode: no 'Create profile' in the nav", async () => {
    mockAccess.set({ signupMode: 'invite' });
    await renderApp('/');
    await screen.findByRole('form', { name: 'Log in' });
    await waitFor(() => expect(within(nav()).queryByRole('link', { name: 'Create profile' })).not.toBeInTheDocument());
  });

  it('invite mode: /signup explains that an invitation is needed, with the way back to log in', async () => {
    mockAccess.set({ signupMode: 'invite' });
    const { user, pathname } = await renderApp('/signup');
    expect(await screen.findByText('Invitation needed')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Create new profile' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(pathname()).toBe('/'));
  });

  it("open mode keeps the 'Create profile' button", async () => {
    await renderApp('/');
    expect(await within(nav()).findByRole('link', { name: 'Create profile' })).toBeInTheDocument();
  });
});
