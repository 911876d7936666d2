import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../render-app';
import { answerOfProvider, withIdentityProvider } from '../support/sso';

const nav = () => screen.getByRole('navigation', { name: 'Main' });

const sso = withIdentityProvider([
  { email: 'bea@wellness.test', emailVerified: true, givenName: 'Bea', familyName: 'Beginner' },
  { email: 'nora.newcomer@wellness.test', emailVerified: true, givenName: 'Nora', familyName: 'Newcomer' },
  { email: 'sam@wellness.test', emailVerified: false, givenName: 'Sam', familyName: 'Unverified' },
]);

describe('single sign-on on the login screen', () => {
  it('without single sign-on there is no SSO button', async () => {
    await renderApp('/');
    await screen.findByRole('form', { name: 'Log in' });
    await waitFor(() => expect(within(nav()).getByRole('link', { name: 'Create profile' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Sign in with/ })).not.toBeInTheDocument();
  });

  it("offers 'Sign in with <label>' below the password form; the provider's answer signs an existing account in", async () => {
    await sso.enable();
    const { user } = await renderApp('/');
    const form = await screen.findByRole('form', { name: 'Log in' });
    expect(within(form).getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    const answer = await answerOfProvider(user, 'Sign in with Acme SSO', 'bea@wellness.test');
    document.body.innerHTML = '';
    const back = await renderApp(`/sso/callback${answer}`);
    await waitFor(() => expect(back.pathname()).toBe('/employee/dashboard'));
  });

  it('a newcomer is taken to the profile form with the names the provider sent', async () => {
    await sso.enable();
    const { user } = await renderApp('/');
    const answer = await answerOfProvider(user, 'Sign in with Acme SSO', 'nora.newcomer@wellness.test');
    document.body.innerHTML = '';
    const back = await renderApp(`/sso/callback${answer}`);
    const form = await screen.findByRole('form', { name: 'Complete your profile' });
    expect(back.pathname()).toBe('/signup');
    expect(within(form).getByLabelText('First name')).toHaveValue('Nora');
    expect(within(form).getByLabelText('Last name')).toHaveValue('Newcomer');
    expect(within(form).getByText('nora.newcomer@wellness.test')).toBeInTheDocument();
  });

  it('passwords off: no password form, no forgot-password link and no Create profile; only the company sign-in', async () => {
    await sso.enable(false);
    await renderApp('/');
    const card = await screen.findByRole('region', { name: 'Log in' });
    expect(within(card).getByRole('button', { name: 'Sign in with Acme SSO' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Log in' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Forgot password?' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Create profile' })).not.toBeInTheDocument();
  });

  it('a refused answer explains itself with the way back to log in', async () => {
    await sso.enable();
    const { user } = await renderApp('/');
    const answer = await answerOfProvider(user, 'Sign in with Acme SSO', 'sam@wellness.test');
    document.body.innerHTML = '';
    await renderApp(`/sso/callback${answer}`);
    expect(await screen.findByText('You are not signed in')).toBeInTheDocument();
    expect(screen.getByText('Acme SSO has not verified the e-mail address of your account, so it cannot sign you in here; ask your IT team')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/');
  });
});
