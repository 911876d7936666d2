import { screen, within } from '@testing-library/react';
import { simulatedTrackers } from '../../../mocks/handlers/trackers';
import { mockDb, mockOperatorFaults } from '../../../mocks/node';
import { renderApp } from '../render-app';

describe('fitness services panel at /admin/trackers', () => {
  it('shows each provider with its connections, last sync, budget and failures', async () => {
    mockDb.trackerConnections.push({ userId: 2, service: 'STRAVA', externalUserId: '42', connectedAt: '2026-11-01T10:00:00.000Z', lastSyncedAt: '2026-11-21T10:00:00.000Z', status: 'connected' });
    await renderApp('/admin/trackers', { signedInAs: 'admin' });
    const strava = await screen.findByRole('region', { name: 'Strava' });
    expect(within(strava).getByText('Not configured')).toBeInTheDocument();
    expect(within(within(strava).getByRole('table', { name: 'Strava status' })).getByText('1 working, 0 to reconnect')).toBeInTheDocument();
    expect(within(strava).getAllByText('No calls in this window yet')).toHaveLength(2);
    expect(within(strava).getByText('None.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Fitbit' })).toBeInTheDocument();
  });

  it("QA's switch pauses a provider for a set-up fault: 'Needs the administrator', what to fix, the refused call", async () => {
    simulatedTrackers.enabled = true;
    onTestFinished(() => void (simulatedTrackers.enabled = false));
    mockOperatorFaults.applyUrl('?mockNeedsAdmin=STRAVA:invalid_client');
    await renderApp('/admin/trackers', { signedInAs: 'admin' });
    const strava = await screen.findByRole('region', { name: 'Strava' });
    expect(within(strava).getByText('Needs the administrator')).toBeInTheDocument();
    expect(within(strava).getByText(/^Syncing with Strava is paused since /)).toBeInTheDocument();
    expect(within(strava).getByText("The provider refuses the app's client id or secret. Check the configured client secret (it may have been rotated).")).toBeInTheDocument();
    expect(within(within(strava).getByRole('list', { name: 'Strava failures in the last 24 hours' })).getByText('Client id or secret refused (set-up)')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Fitbit' })).getByText('Working')).toBeInTheDocument();
  });
});
