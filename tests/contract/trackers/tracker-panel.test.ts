import { apiTypes, trackersEndpoints } from '@/contract/trackers';
import { fixtureAdmin, fixtureEmployee } from '../../../mocks/fixtures';
import { expectError, expectSuccess, targets, useTarget } from '../harness';

describe.each(targets)('the admin tracker panel on $name', (target) => {
  useTarget(target);

  test('an admin reads each provider: not configured, no connections, no failures, no budget news yet', async () => {
    const { accessToken } = await target.signIn(fixtureAdmin.email, fixtureAdmin.password);
    const panel = expectSuccess(trackersEndpoints.adminStatus, await target.call(trackersEndpoints.adminStatus, { token: accessToken }));
    expect(panel.providers.map((provider) => provider.apiType)).toEqual(apiTypes);
    expect(panel.providers[0]).toEqual({
      apiType: 'STRAVA',
      configured: false,
      needsAdministrator: null,
      connections: { connected: 0, reconnectNeeded: 0 },
      lastSuccessfulSyncAt: null,
      failures: [],
      budget: { fifteenMinutes: null, day: null },
    });
  });

  test('an employee is refused', async () => {
    const bea = fixtureEmployee('Beginner');
    const { accessToken } = await target.signIn(bea.email, bea.password);
    expectError(await target.call(trackersEndpoints.adminStatus, { token: accessToken }), 403, 'FORBIDDEN');
  });
});
