import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockScenario } from '../../../mocks/scenarios';
import { clientHost, sentMail } from '../support/host';
import { renderApp, testAccounts } from '../render-app';

/** Counts the forgot-password requests that reach the mocks. */
const countForgotRequests = () => {
  const seen: string[] = [];
  clientHost.server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/auth/forgot-password') seen.push(request.url);
  });
  return () => seen.length;
};

const openDialog = async () => {
  const app = await renderApp('/');
  await app.user.click(screen.getByRole('button', { name: 'Forgot password?' }));
  const dialog = await screen.findByRole('dialog');
  return { ...app, dialog };
};

describe('forgot password dialog', () => {
  it('opens from the link with the product logo, an email field, Cancel and Send', async () => {
    const { dialog } = await openDialog();
    expect(within(dialog).getByRole('img', { name: 'Wellness Challenge logo' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeInTheDocument();
    // No close button: the dialog ends only through Cancel or Send.
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(expect.not.arrayContaining(['']));
  });

  it('does not close with Escape', async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'x');
    await user.keyboard('{Escape}');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('does not close on a click on the backdrop', async () => {
    const { user } = await openDialog();
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    await user.click(overlay!);
    // The modal's 300 ms transition would have closed it by now; its updates run inside act.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('Cancel closes without sending', async () => {
    const requests = countForgotRequests();
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Email'), testAccounts.user.email);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests()).toBe(0);
    expect((await sentMail()).all()).toHaveLength(0);
  });

  it('validates the email with the login messages', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Please enter your email')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Email'), 'nope');
    expect(await within(dialog).findByText('Email is invalid')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('Send dispatches the request, closes at once and toasts sending then sent', async () => {
    const requests = countForgotRequests();
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Email'), testAccounts.user.email);
    // A slow answer, so the dialog is seen closing while the request still runs.
    mockScenario.setLatency(500);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Reset password mail is sending...')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Reset password mail is sending...')).toBeInTheDocument();
    expect(await screen.findByText('Reset password mail has been sent')).toBeInTheDocument();
    expect(requests()).toBe(1);
    // The server mails from a job, after its answer (and its toast).
    expect((await sentMail()).latestTo(testAccounts.user.email)?.link).toContain('/reset-password?token=');
  });
});
