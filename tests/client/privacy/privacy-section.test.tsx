import { screen, waitFor, within } from '@testing-library/react';
import { FIXTURE_PASSWORD, fixtureEmployee } from '../../../mocks/fixtures';
import { mockClock } from '../../../mocks/clock';
import { toast } from '../../../src/api/toasts';
import { renderApp } from '../render-app';
import { accountRow } from '../support/api-as';
import { answerOfProvider, withIdentityProvider } from '../support/sso';

/** The profile's privacy section (docs/access.md#privacy-self-service) on the mock host. */
vi.setConfig({ testTimeout: 30_000 });

const bea = fixtureEmployee('Beginner');
const exists = async (email: string) => (await accountRow(email)) !== undefined;

const sso = withIdentityProvider([
  { email: bea.email, emailVerified: true, givenName: bea.firstName, familyName: bea.lastName },
  { email: 'someone.else@wellness.test', emailVerified: true, givenName: 'Someone', familyName: 'Else' },
]);

describe('profile: your data and account', () => {
  beforeEach(() => mockClock.set('2026-11-22T10:00:00Z'));

  it('Download my data shows Preparing…, then the download with the time it is available until', async () => {
    const { user } = await renderApp('/employee/profile', { signedInAs: 'user', clock: mockClock });
    const section = await screen.findByRole('region', { name: 'Your data and account' });
    await user.click(within(section).getByRole('button', { name: 'Download my data' }));
    expect(await within(section).findByText(/^Preparing…/)).toBeInTheDocument();
    const download = await within(section).findByRole(
      'button',
      { name: /^Download \(available until 23 Nov, \d\d:\d\d\)$/ },
      { timeout: 8000 },
    );
    expect(download).toBeEnabled();
    expect(within(section).getByRole('button', { name: 'Prepare a new copy' })).toBeInTheDocument();
  });

  it('Delete my account lists the consequences, refuses a wrong password on the field, then deletes and signs out', async () => {
    const { user } = await renderApp('/employee/profile', { signedInAs: 'user', clock: mockClock });
    const section = await screen.findByRole('region', { name: 'Your data and account' });
    await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete my account' });
    expect(within(dialog).getByText('This cannot be undone. Deleting your account:')).toBeInTheDocument();
    expect(within(dialog).getByText(/You disappear from the feed, the leaderboards and the charts/)).toBeInTheDocument();
    expect(within(dialog).getByText(/access is withdrawn at Strava and Google/)).toBeInTheDocument();

    const password = within(dialog).getByLabelText('Your password');
    await user.type(password, 'Not my password 1');
    const errorToasts = vi.spyOn(toast, 'error');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('The password is not correct')).toBeInTheDocument();
    // Said once, beside the field: no toast over the buttons repeating it with a request id.
    expect(errorToasts).not.toHaveBeenCalled();
    expect(await exists(bea.email)).toBe(true);

    await user.clear(password);
    await user.type(password, FIXTURE_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('form', { name: 'Log in' }, { timeout: 8000 })).toBeInTheDocument();
    expect(await exists(bea.email)).toBe(false);
  });

  it("with single sign-on, 'Confirm with Acme SSO' goes to the provider and comes back to the dialog, confirmed", async () => {
    await sso.enable();
    const { user } = await renderApp('/employee/profile', { signedInAs: 'user', clock: mockClock });
    const section = await screen.findByRole('region', { name: 'Your data and account' });
    await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete my account' });
    expect(within(dialog).getByRole('button', { name: 'Confirm with Acme SSO' })).toBeInTheDocument();
    const answer = await answerOfProvider(user, 'Confirm with Acme SSO', bea.email);

    document.body.innerHTML = '';
    const back = await renderApp(`/sso/callback${answer}`, { clock: mockClock });
    await waitFor(() => expect(back.pathname()).toBe('/employee/profile'));
    const again = await screen.findByRole('dialog', { name: 'Delete my account' });
    expect(within(again).getByText('Confirmed with Acme SSO')).toBeInTheDocument();
    expect(within(again).getByText(/You can delete your account now, within 10 minutes/)).toBeInTheDocument();
    expect(within(again).queryByRole('button', { name: 'Confirm with Acme SSO' })).not.toBeInTheDocument();
  });

  it("'Confirm with Acme SSO' as another person at the provider: still signed in, the page says so and leads back to the profile", async () => {
    await sso.enable();
    const { user } = await renderApp('/employee/profile', { signedInAs: 'user', clock: mockClock });
    const section = await screen.findByRole('region', { name: 'Your data and account' });
    await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete my account' });
    expect(within(dialog).getByRole('button', { name: 'Confirm with Acme SSO' })).toBeInTheDocument();
    const answer = await answerOfProvider(user, 'Confirm with Acme SSO', 'someone.else@wellness.test');

    document.body.innerHTML = '';
    await renderApp(`/sso/callback${answer}`, { clock: mockClock });
    expect(await screen.findByText('Your identity was not confirmed')).toBeInTheDocument();
    expect(screen.getByText('You confirmed with another account than the one signed in here; please try again with your own')).toBeInTheDocument();
    expect(screen.queryByText('You are not signed in')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your profile' })).toHaveAttribute('href', '/employee/profile');
  });

  it('without single sign-on the dialog offers no provider', async () => {
    const { user } = await renderApp('/employee/profile', { signedInAs: 'user', clock: mockClock });
    const section = await screen.findByRole('region', { name: 'Your data and account' });
    await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete my account' });
    expect(within(dialog).queryByRole('button', { name: /Confirm with/ })).not.toBeInTheDocument();
    // Nor the hint about signing in with a company account, which nobody here has.
    expect(within(dialog).queryByText(/company account/)).not.toBeInTheDocument();
  });

  it('Cancel closes the dialog and deletes nothing', async () => {
    const { user } = await renderApp('/employee/profile', { signedInAs: 'user', clock: mockClock });
    const section = await screen.findByRole('region', { name: 'Your data and account' });
    await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete my account' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete my account' })).not.toBeInTheDocument());
    expect(await exists(bea.email)).toBe(true);
  });
});
