import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accessEndpoints } from '../../../src/api/contract/access';
import { users } from '../../../server/db/schema';
import { clientHost, sentMail } from '../support/host';
import { accountRow, apiAs } from '../support/api-as';
import { renderApp } from '../render-app';

/** Bea, made unconfirmed as a fresh self-made account would be; her link from the outbox. */
const unconfirmBea = async () => {
  await (await clientHost.db()).update(users).set({ emailConfirmedAt: null }).where(eq(users.email, 'bea@wellness.test'));
  await (await apiAs('bea@wellness.test'))(accessEndpoints.resendConfirmation);
  return (await sentMail()).latestTo('bea@wellness.test')!.token!;
};

describe('e-mail confirmation on the screens', () => {
  it("shows the banner on employee pages until confirmed, and 'Send the link again' mails a new link", async () => {
    await unconfirmBea();
    const { user } = await renderApp('/employee/dashboard', { signedInAs: 'user' });
    const banner = await screen.findByRole('region', { name: 'E-mail confirmation' });
    expect(within(banner).getByText('Please confirm your e-mail address')).toBeInTheDocument();
    const before = (await sentMail()).all().length;
    await user.click(within(banner).getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We sent a new confirmation link to your e-mail address')).toBeInTheDocument();
    // The server mails from a job, after its answer (and its message).
    expect((await sentMail()).all()).toHaveLength(before + 1);
  });

  it('a confirmed account sees no banner', async () => {
    await renderApp('/employee/dashboard', { signedInAs: 'user' });
    expect((await accountRow('bea@wellness.test'))?.emailConfirmedAt).not.toBeNull();
    expect(screen.queryByRole('region', { name: 'E-mail confirmation' })).not.toBeInTheDocument();
  });

  it('the link confirms the address (signed out too) and a used link says so', async () => {
    const token = await unconfirmBea();
    await renderApp(`/confirm-email?token=${encodeURIComponent(token)}`);
    expect(await screen.findByText('Your e-mail address is confirmed')).toBeInTheDocument();
    expect((await accountRow('bea@wellness.test'))?.emailConfirmedAt).toEqual(expect.any(Date));
    document.body.innerHTML = '';
    await renderApp(`/confirm-email?token=${encodeURIComponent(token)}`);
    expect(await screen.findByText('This confirmation link is invalid or has expired')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/');
  });
});
