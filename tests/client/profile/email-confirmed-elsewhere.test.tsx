import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixtureEmployee } from '../../../mocks/fixtures';
import { callApi } from '../../../src/api/call-api';
import { accessEndpoints } from '../../../src/api/contract';
import { sessionKey, type Session } from '../../../src/api/session';
import { renderApp } from '../render-app';
import { sentMail } from '../support/host';

const bea = fixtureEmployee('Beginner');
const NEW_EMAIL = 'bea.new@wellness.test';
const form = () => screen.getByRole('form', { name: 'Profile' });
const emailField = () => within(form()).getByLabelText('Email');

/** The mail's link opened in another tab: POST /access/confirm-email with its token, outside this tab's cache. */
const openLinkElsewhere = async () => {
  const link = (await sentMail()).latestTo(NEW_EMAIL)!.link!;
  const token = new URL(link).searchParams.get('token')!;
  await callApi(accessEndpoints.confirmEmail, { body: { token } });
};

describe('a new address confirmed in another tab', () => {
  it('shows in the profile and the session once this tab is focused again', async () => {
    const { user, queryClient } = await renderApp('/employee/profile', { signedInAs: 'user' });
    await user.clear(await screen.findByLabelText('Email'));
    await user.type(emailField(), NEW_EMAIL);
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('region', { name: 'New e-mail address' })).toBeInTheDocument();
    expect(emailField()).toHaveValue(bea.email);

    await openLinkElsewhere();
    // The user comes back to this tab (TanStack Query's focus manager listens to visibilitychange).
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });

    await waitFor(() => expect(emailField()).toHaveValue(NEW_EMAIL));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'New e-mail address' })).not.toBeInTheDocument());
    expect(queryClient.getQueryData<Session | null>(sessionKey)?.user.email).toBe(NEW_EMAIL);
    expect(within(form()).getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
