import { activityEndpoints } from '@/contract/activity';
import { authEndpoints } from '@/contract/auth';
import { leadersEndpoints } from '@/contract/leaders';
import { privacyEndpoints } from '@/contract/privacy';
import { FIXTURE_PASSWORD, fixtureAdmin, fixtureId } from '../../../mocks/fixtures';
import { DEFAULT_NOW, expectError, expectSuccess, targets, useTarget } from '../harness';

/** The privacy self-service (docs/access.md#privacy-self-service) on both targets. */

const bea = 'bea@wellness.test';
const ivan = 'ivan@wellness.test';

describe.each(targets)('privacy self-service on $name', (target) => {
  useTarget(target);

  test('Download my data: none, then preparing, then ready for 24 hours as a ZIP attachment', async () => {
    const { accessToken: token } = await target.signIn(bea, FIXTURE_PASSWORD);
    expect(expectSuccess(privacyEndpoints.exportStatus, await target.call(privacyEndpoints.exportStatus, { token }))).toEqual({
      status: 'none',
      requestedAt: null,
      readyAt: null,
      expiresAt: null,
    });
    expectError(
      await target.call(privacyEndpoints.downloadExport, { token }),
      404,
      'NOT_FOUND',
      'Your data is not ready for download; please request it again',
    );

    const requested = expectSuccess(privacyEndpoints.requestExport, await target.call(privacyEndpoints.requestExport, { token }));
    expect(requested).toEqual({ status: 'preparing', requestedAt: new Date(DEFAULT_NOW).toISOString(), readyAt: null, expiresAt: null });
    const ready = expectSuccess(privacyEndpoints.exportStatus, await target.call(privacyEndpoints.exportStatus, { token }));
    expect(ready.status).toBe('ready');
    expect(new Date(ready.expiresAt!).getTime() - new Date(ready.readyAt!).getTime()).toBe(24 * 3_600_000);

    const download = await target.call(privacyEndpoints.downloadExport, { token });
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="my-wellness-data-${fixtureId(bea)}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`),
    );
    expect(download.headers['cache-control']).toBe('no-store');
    // Another employee has none.
    const { accessToken: other } = await target.signIn(ivan, FIXTURE_PASSWORD);
    expect(expectSuccess(privacyEndpoints.exportStatus, await target.call(privacyEndpoints.exportStatus, { token: other })).status).toBe(
      'none',
    );
  });

  test('Delete my account: the password is checked; then the person cannot sign in and is on no leaderboard', async () => {
    const { accessToken: token } = await target.signIn(bea, FIXTURE_PASSWORD);
    expectSuccess(
      activityEndpoints.log,
      await target.call(activityEndpoints.log, { token, body: { name: 'Running', movingTime: 30, startTime: '2026-11-20T07:00:00.000Z' } }),
    );
    const { accessToken: ivanToken } = await target.signIn(ivan, FIXTURE_PASSWORD);
    expect(
      expectSuccess(leadersEndpoints.top, await target.call(leadersEndpoints.top, { token: ivanToken })).Beginner.map((row) => row.userId),
    ).toEqual([fixtureId(bea)]);

    expectError(
      await target.call(privacyEndpoints.deleteAccount, { token, body: {} }),
      403,
      'REAUTHENTICATION_REQUIRED',
      'Please enter your password',
    );
    expectError(
      await target.call(privacyEndpoints.deleteAccount, { token, body: { password: 'Wrong password 1' } }),
      403,
      'REAUTHENTICATION_REQUIRED',
      'The password is not correct',
    );
    expectError(await target.call(privacyEndpoints.deleteAccount, { token, body: { password: 7 } }), 400, 'VALIDATION_FAILED');
    expect(expectSuccess(leadersEndpoints.top, await target.call(leadersEndpoints.top, { token: ivanToken })).Beginner).toHaveLength(1);

    expectSuccess(
      privacyEndpoints.deleteAccount,
      await target.call(privacyEndpoints.deleteAccount, { token, body: { password: FIXTURE_PASSWORD } }),
    );
    expect(expectSuccess(leadersEndpoints.top, await target.call(leadersEndpoints.top, { token: ivanToken })).Beginner).toEqual([]);
    expectError(await target.call(authEndpoints.signin, { body: { email: bea, password: FIXTURE_PASSWORD } }), 401, 'INVALID_CREDENTIALS');
  });

  test('employees only: admins get 403 and guests 401 on every privacy endpoint', async () => {
    const { accessToken: admin } = await target.signIn(fixtureAdmin.email, fixtureAdmin.password);
    for (const endpoint of Object.values(privacyEndpoints)) {
      const body = endpoint.method === 'POST' ? {} : undefined;
      expectError(await target.call(endpoint, { token: admin, body }), 403, 'FORBIDDEN');
      expectError(await target.call(endpoint, { body }), 401, 'UNAUTHENTICATED');
    }
  });
});
