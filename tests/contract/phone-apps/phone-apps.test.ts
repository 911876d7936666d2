import { activityEndpoints } from '@/contract/activity';
import { phoneAppsEndpoints } from '@/contract/phone-apps';
import { FIXTURE_PASSWORD } from '../../../mocks/fixtures';
import { expectError, expectSuccess, targets, useTarget } from '../harness';

/** 'Connect a phone app' and the pushes (docs/trackers.md#phone-apps), the same on both hosts. */
const bea = 'bea@wellness.test';

describe.each(targets)('phone apps on $name', (target) => {
  useTarget(target);

  test('a token made by the employee carries both formats onto the calendar; revoked, it is refused', async () => {
    const { accessToken } = await target.signIn(bea, FIXTURE_PASSWORD);
    const { token, created } = expectSuccess(phoneAppsEndpoints.createToken, await target.call(phoneAppsEndpoints.createToken, { token: accessToken, body: { name: 'iPhone' } }));
    expect(token).toMatch(/^wci_/);
    expect(expectSuccess(phoneAppsEndpoints.tokens, await target.call(phoneAppsEndpoints.tokens, { token: accessToken }))).toEqual({ tokens: [created], limit: 5 });

    const hae = { data: { workouts: [{ id: 'W-1', name: 'Outdoor Walk', start: '2026-11-21 08:00:00 +0100', end: '2026-11-21 08:40:00 +0100', duration: 2400 }], metrics: [{ name: 'step_count', units: 'count', data: [{ qty: 11_000, date: '2026-11-21 00:00:00 +0100' }] }] } };
    const report = expectSuccess(phoneAppsEndpoints.healthAutoExport, await target.call(phoneAppsEndpoints.healthAutoExport, { token, body: hae }));
    expect(report).toEqual({ workouts: { received: 1, added: 1, updated: 0, removed: 0, duplicates: 0 }, steps: { days: 1, ticked: ['2026-11-21'], alreadyTicked: [], closed: [] } });
    const own = expectSuccess(phoneAppsEndpoints.phoneApp, await target.call(phoneAppsEndpoints.phoneApp, { token, body: { workouts: [{ id: 'y', type: 'Yoga', start: '2026-11-20T18:00:00Z', minutes: 50 }] } }));
    expect(own.workouts.added).toBe(1);
    const month = expectSuccess(activityEndpoints.month, await target.call(activityEndpoints.month, { token: accessToken, query: { startDate: '2026-11-20', endDate: '2026-11-21' } }));
    expect(month.activities.map((activity) => [activity.title, activity.movingTime, activity.source])).toEqual([
      ['Yoga', 50, 'phone'],
      ['Walking', 40, 'phone'],
    ]);
    expect(month.dailyStepsAchievements.map((step) => step.date)).toContain('2026-11-21');

    // The token opens nothing else, and the employee's access token is no import token.
    expectError(await target.call(activityEndpoints.month, { token, query: { startDate: '2026-11-20', endDate: '2026-11-21' } }), 401, 'UNAUTHENTICATED');
    expectError(await target.call(phoneAppsEndpoints.phoneApp, { token: accessToken, body: { steps: [{ date: '2026-11-21', count: 1 }] } }), 401, 'IMPORT_TOKEN_INVALID');
    expectError(await target.call(phoneAppsEndpoints.phoneApp, { token, body: {} }), 400, 'VALIDATION_FAILED');

    expectSuccess(phoneAppsEndpoints.revokeToken, await target.call(phoneAppsEndpoints.revokeToken, { token: accessToken, params: { id: created.id } }));
    expectError(await target.call(phoneAppsEndpoints.phoneApp, { token, body: { steps: [{ date: '2026-11-21', count: 1 }] } }), 401, 'IMPORT_TOKEN_REVOKED', 'This import token was revoked. Create one under "Connect a phone app" on your profile.');
    expectError(await target.call(phoneAppsEndpoints.revokeToken, { token: accessToken, params: { id: created.id } }), 404, 'NOT_FOUND', 'Import token not found');
  });
});
