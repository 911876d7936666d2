import { screen, within } from '@testing-library/react';
import { trackersEndpoints } from '@/contract/trackers';
import { fixtureId } from '../../../mocks/fixtures';
import { trackerConnections } from '../../../server/db/schema';
import { renderApp } from '../render-app';
import { apiAs } from '../support/api-as';
import { clientHost } from '../support/host';
import { withTrackerFakes } from '../support/trackers';

const trackers = withTrackerFakes();

describe('fitness services panel at /admin/trackers', () => {
  it('shows each provider with its connections, last sync, budget and failures', async () => {
    await (await clientHost.db()).insert(trackerConnections).values({ userId: fixtureId('bea@wellness.test'), service: 'STRAVA', externalUserId: '42', accessToken: 'not-used', connectedAt: new Date('2026-11-01T10:00:00.000Z'), lastSyncedAt: new Date('2026-11-21T10:00:00.000Z') });
    await renderApp('/admin/trackers', { signedInAs: 'admin' });
    const strava = await screen.findByRole('region', { name: 'Strava' });
    expect(within(strava).getByText('Not configured')).toBeInTheDocument();
    // How to configure it, beside the badge.
    expect(within(strava).getByText(/^Employees cannot connect it yet\. Create an API application at strava\.com\/settings\/api/)).toHaveTextContent(
      "then set STRAVA_CLIENT_ID, STRAVA_CLIENT_SECRET and STRAVA_WEBHOOK_VERIFY_TOKEN in the server's environment and restart it. The steps: docs/trackers.md, \"Set-up\".",
    );
    expect(within(within(strava).getByRole('table', { name: 'Strava status' })).getByText('1 working, 0 to reconnect')).toBeInTheDocument();
    expect(within(strava).getAllByText('No calls in this window yet')).toHaveLength(2);
    expect(within(strava).getByText('None.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Fitbit' })).toBeInTheDocument();
  });

  it("a provider that refuses the app's client secret: 'Needs the administrator', what to fix, the refused call", async () => {
    await trackers.enable();
    // Tokens that have expired by the next sync, which must refresh them.
    trackers.provider().strava.expiresAt = Math.floor(Date.now() / 1000) - 60;
    await trackers.connect('bea@wellness.test', 'STRAVA');
    // The secret was rotated at Strava: the refresh is refused as Strava documents it.
    trackers.provider().strava.clientSecret = 'rotated-at-strava';
    await (await apiAs('bea@wellness.test'))(trackersEndpoints.syncActivities).catch(() => undefined);
    await renderApp('/admin/trackers', { signedInAs: 'admin' });
    const strava = await screen.findByRole('region', { name: 'Strava' });
    expect(within(strava).getByText('Needs the administrator')).toBeInTheDocument();
    expect(within(strava).getByText(/^Syncing with Strava is paused since /)).toBeInTheDocument();
    expect(within(strava).getByText("The provider refuses the app's client id or secret. Check the configured client secret (it may have been rotated).")).toBeInTheDocument();
    expect(within(within(strava).getByRole('list', { name: 'Strava failures in the last 24 hours' })).getByText('Client id or secret refused (set-up)')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Fitbit' })).getByText('Working')).toBeInTheDocument();
  });
});
