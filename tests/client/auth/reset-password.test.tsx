import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sentMail } from '../support/host';
import { callApi } from '../../../src/api/call-api';
import { authEndpoints } from '@/contract';
import { renderApp, testAccounts } from '../render-app';

const INVALID_LINK = 'This password reset link is invalid or has expired';

/** Asks the mock host for a reset mail and returns the token from its link. */
const requestResetToken = async (email = testAccounts.user.email) => {
  await callApi(authEndpoints.forgotPassword, { body: { email } });
  const token = (await sentMail()).latestTo(email)?.token;
  if (!token) throw new Error('no reset mail');
  return token;
};

const form = () => screen.getByRole('form', { name: 'Set a new password' });

describe('reset password page', () => {
  it('explains an invalid link when there is no token', async () => {
    await renderApp('/reset-password');
    expect(await screen.findByText(INVALID_LINK)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/');
  });

  it('explains an invalid link for an unknown token', async () => {
    await renderApp('/reset-password?token=not-a-real-token');
    expect(await screen.findByText(INVALID_LINK)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Set a new password' })).not.toBeInTheDocument();
  });

  it('gives the signup password messages', async () => {
    const token = await requestResetToken();
    const { user } = await renderApp(`/reset-password?token=${token}`);
    await user.click(await within(await screen.findByRole('form', { name: 'Set a new password' })).findByRole('button', { name: 'Change password' }));
    expect(await within(form()).findByText('Please enter your password')).toBeInTheDocument();
    expect(within(form()).getByText('Please enter your confirmation password')).toBeInTheDocument();
    await user.type(within(form()).getByLabelText('New password'), 'BrandNew123!');
    await user.type(within(form()).getByLabelText('Confirm password'), 'BrandNew124!');
    expect(await within(form()).findByText("Passwords don't match")).toBeInTheDocument();
  });

  it("changes the password, toasts 'The password has successfully changed' and goes to /", async () => {
    const token = await requestResetToken();
    const { user, pathname } = await renderApp(`/reset-password?token=${encodeURIComponent(token)}`);
    await screen.findByRole('form', { name: 'Set a new password' });
    await user.type(within(form()).getByLabelText('New password'), 'BrandNew123!');
    await user.type(within(form()).getByLabelText('Confirm password'), 'BrandNew123!');
    await user.click(within(form()).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password has successfully changed')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/'));
    expect(screen.getByRole('form', { name: 'Log in' })).toBeInTheDocument();

    // The new password works, the old one does not.
    await expect(callApi(authEndpoints.signin, { body: { email: testAccounts.user.email, password: testAccounts.user.password } })).rejects.toMatchObject({ statusCode: 401 });
    await expect(callApi(authEndpoints.signin, { body: { email: testAccounts.user.email, password: 'BrandNew123!' } })).resolves.toMatchObject({ user: { email: testAccounts.user.email } });
  });

  it('shows the invalid-link message for a token that was already used', async () => {
    const token = await requestResetToken();
    await callApi(authEndpoints.resetPassword, { query: { token }, body: { newPassword: 'BrandNew123!' } });
    await renderApp(`/reset-password?token=${token}`);
    expect(await screen.findByText(INVALID_LINK)).toBeInTheDocument();
  });

  it('sends a signed-in user to their entry page', async () => {
    const { pathname } = await renderApp('/reset-password?token=abc', { signedInAs: 'user' });
    expect(pathname()).toBe('/employee/dashboard');
  });
});
