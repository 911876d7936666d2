import { screen, waitFor, within } from '@testing-library/react';
import { mockClock } from '../../../mocks/clock';
import { renderApp } from '../render-app';

/** 'Connect a phone app' on the profile (docs/trackers.md#phone-apps), on the mock host: the server's own route table. */
vi.setConfig({ testTimeout: 30_000 });

const push = (token: string) =>
  fetch('http://localhost:3000/api/import/phone', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ workouts: [{ id: 'w1', type: 'Running', start: '2026-11-21T07:00:00+01:00', minutes: 30 }] }),
  });

describe('profile: connect a phone app', () => {
  beforeEach(() => mockClock.set('2026-11-22T10:00:00Z'));

  it('creates a named token shown once with the addresses, lists it with its last use, and revokes it', async () => {
    const { user } = await renderApp('/employee/profile', { signedInAs: 'user', clock: mockClock });
    const section = await screen.findByRole('region', { name: 'Connect a phone app' });
    expect(within(section).getByText('No phone app is connected.')).toBeInTheDocument();

    // A name is required, said beside the field.
    await user.click(within(section).getByRole('button', { name: 'Create token' }));
    expect(await within(section).findByText('Please enter a name for the app')).toBeInTheDocument();

    await user.type(within(section).getByLabelText(/App name/), 'My iPhone');
    await user.click(within(section).getByRole('button', { name: 'Create token' }));
    const panel = await within(section).findByRole('status');
    expect(within(panel).getByText('Token for My iPhone')).toBeInTheDocument();
    expect(within(panel).getByText(/it is shown only this once/)).toBeInTheDocument();
    const token = within(panel).getByText(/^wci_/).textContent!;
    expect(token).toMatch(/^wci_[A-Za-z0-9_-]{43}$/);
    expect(within(panel).getByText(`Authorization: Bearer ${token}`)).toBeInTheDocument();
    expect(within(panel).getByText('http://localhost:3000/api/import/health-auto-export')).toBeInTheDocument();
    expect(within(panel).getByText('http://localhost:3000/api/import/phone')).toBeInTheDocument();
    // The field is empty again for the next app.
    expect(within(section).getByLabelText(/App name/)).toHaveValue('');

    const list = within(section).getByRole('list', { name: 'Phone app tokens' });
    expect(within(list).getByText('My iPhone')).toBeInTheDocument();
    expect(within(list).getByText('Created 22 Nov 2026 · not used yet')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(within(section).queryByRole('status')).not.toBeInTheDocument();
    // Shown once: nothing on the page holds it any more.
    expect(document.body.textContent).not.toContain(token);

    // The phone app's push, then the profile again: the token's last use.
    expect((await push(token)).status).toBe(200);
    document.body.innerHTML = '';
    const again = await renderApp('/employee/profile', { signedInAs: 'user', clock: mockClock });
    const reloaded = await screen.findByRole('region', { name: 'Connect a phone app' });
    expect(await within(reloaded).findByText(/^Created 22 Nov 2026 · last used 22 Nov, \d\d:\d\d$/)).toBeInTheDocument();

    await again.user.click(within(reloaded).getByRole('button', { name: 'Revoke My iPhone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke My iPhone?' });
    expect(within(dialog).getByText(/can no longer send workouts or steps/)).toBeInTheDocument();
    await again.user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(reloaded).getByText('No phone app is connected.')).toBeInTheDocument());
    const refused = await push(token);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { serverCode: string }).serverCode).toBe('IMPORT_TOKEN_REVOKED');
  });
});
