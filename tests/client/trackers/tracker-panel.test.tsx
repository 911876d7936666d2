import { screen, within } from '@testing-library/react';
import { mockDb } from '../../../mocks/node';
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
});
