import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockScenario } from '../../../mocks/scenarios';
import { toast } from '../../../src/api/toasts';
import { renderApp, testAccounts } from '../render-app';

const loginForm = () => screen.getByRole('form', { name: 'Log in' });
const emailInput = () => within(loginForm()).getByLabelText('Email');
const passwordInput = () => within(loginForm()).getByLabelText('Password');
const submitButton = () => within(loginForm()).getByRole('button', { name: /Log in|Loading\.\.\./ });

describe('login screen at /', () => {
  it('shows email, password, the forgot link and "Log in" in a form at most 360 px wide', async () => {
    await renderApp('/');
    expect(emailInput()).toBeInTheDocument();
    expect(passwordInput()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Log in');
    expect(loginForm()).toHaveStyle({ maxWidth: '360px' });
  });

  it('asks for email and password when submitted empty', async () => {
    const { user } = await renderApp('/');
    await user.click(submitButton());
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
  });

  it('marks a touched field invalid, then valid once corrected', async () => {
    const { user } = await renderApp('/');
    await user.type(emailInput(), 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    await user.clear(emailInput());
    await user.type(emailInput(), 'bea@wellness.test');
    await waitFor(() => expect(screen.queryByText('Email is invalid')).not.toBeInTheDocument());
    expect(emailInput()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('an empty e-mail left with Tab is never marked valid: it turns red with its message', async () => {
    const { user } = await renderApp('/');
    const form = loginForm();
    const validMarks: number[] = [];
    // Every render between the Tab and the message: no green check may show, even while the schema loads.
    const observer = new MutationObserver(() => validMarks.push(form.querySelectorAll('[data-status="valid"]').length));
    observer.observe(form, { subtree: true, childList: true, attributes: true });
    await user.click(emailInput());
    await user.tab();
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    observer.disconnect();
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(Math.max(0, ...validMarks)).toBe(0);
    expect(form.querySelector('[data-status="invalid"]')).not.toBeNull();
  });

  it('the show-password eye is reached with Tab from the password field and shows the password', async () => {
    const { user } = await renderApp('/');
    await user.type(passwordInput(), 'secret');
    await user.tab();
    const eye = within(loginForm()).getByRole('button', { name: 'Toggle password visibility' });
    expect(eye).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(passwordInput()).toHaveAttribute('type', 'text');
  });

  it('shows no validation state before a field is touched', async () => {
    await renderApp('/');
    expect(screen.queryByText('Please enter your email')).not.toBeInTheDocument();
    expect(emailInput()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('reads "Loading..." while signing in, then takes an admin to /admin/dashboard', async () => {
    const { user, pathname } = await renderApp('/');
    mockScenario.setLatency(300);
    await user.type(emailInput(), testAccounts.admin.email);
    await user.type(passwordInput(), testAccounts.admin.password);
    await user.click(submitButton());
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    await waitFor(() => expect(pathname()).toBe('/admin/dashboard'));
    // The role's links are fetched once someone is signed in (not part of the login page's first load).
    expect(await screen.findByRole('link', { name: 'Leaders' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('takes a user to /employee/dashboard', async () => {
    const { user, pathname } = await renderApp('/');
    await user.type(emailInput(), testAccounts.user.email.toUpperCase());
    await user.type(passwordInput(), testAccounts.user.password);
    await user.click(submitButton());
    await waitFor(() => expect(pathname()).toBe('/employee/dashboard'));
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it("shows the server's message on a wrong password in an alert inside the form (no corner toast) and stays on /", async () => {
    const errorToast = vi.spyOn(toast, 'error');
    const { user, pathname } = await renderApp('/');
    await user.type(emailInput(), testAccounts.user.email);
    await user.type(passwordInput(), 'wrong-password');
    await user.click(submitButton());
    const alert = await within(loginForm()).findByRole('alert');
    expect(alert).toHaveTextContent('Email or password is incorrect');
    expect(errorToast).not.toHaveBeenCalled();
    expect(pathname()).toBe('/');
    expect(submitButton()).toHaveTextContent('Log in');
    errorToast.mockRestore();
  });

  it('after a failed sign-in keeps what was typed but resets the touched state (status back to idle)', async () => {
    const { user } = await renderApp('/');
    await user.type(emailInput(), 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    await user.clear(emailInput());
    await user.type(emailInput(), testAccounts.user.email);
    await user.type(passwordInput(), 'wrong-password');
    await user.tab();
    const validMark = () => loginForm().querySelector('.field-status-icon[data-status="valid"]');
    expect(validMark()).not.toBeNull();
    await user.click(submitButton());
    expect(await screen.findByText('Email or password is incorrect')).toBeInTheDocument();
    await waitFor(() => expect(validMark()).toBeNull());
    expect(emailInput()).toHaveValue(testAccounts.user.email);
    expect(passwordInput()).toHaveValue('wrong-password');
    expect(emailInput()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("toasts 'Error in server , try again later' when the server cannot be reached", async () => {
    const { user } = await renderApp('/');
    await user.type(emailInput(), testAccounts.user.email);
    await user.type(passwordInput(), testAccounts.user.password);
    mockScenario.next('network-error');
    await user.click(submitButton());
    expect(await screen.findByText('Error in server , try again later')).toBeInTheDocument();
  });
});
