import { API_TYPE_MESSAGE, trackersEndpoints } from '@/contract/trackers';
import { profileEndpoints } from '@/contract/profile';
import { fixtureAdmin, fixtureEmployee, fixtureId } from '../../../mocks/fixtures';
import { expectError, expectSuccess, targets, useTarget } from '../harness';

const PNG: Uint8Array<ArrayBuffer> = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const form = (fields: Record<string, string>, photo?: Uint8Array<ArrayBuffer>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (photo) data.append('photo', new Blob([photo], { type: 'image/png' }), 'me.png');
  return data;
};

describe.each(targets)('profile and trackers on $name', (target) => {
  useTarget(target);
  const bea = fixtureEmployee('Beginner');
  const beaId = fixtureId(bea.email);
  const signInBea = async () => (await target.signIn(bea.email, bea.password)).accessToken;

  test('one reads one\'s own profile; another user\'s is 404, except for an admin', async () => {
    const token = await signInBea();
    expect(expectSuccess(profileEndpoints.profile, await target.call(profileEndpoints.profile, { token, params: { id: beaId } }))).toMatchObject({ id: beaId, email: bea.email });
    expectError(await target.call(profileEndpoints.profile, { token, params: { id: beaId + 1 } }), 404, 'NOT_FOUND', 'User not found');
    const { accessToken: admin } = await target.signIn(fixtureAdmin.email, fixtureAdmin.password);
    expectSuccess(profileEndpoints.profile, await target.call(profileEndpoints.profile, { token: admin, params: { id: beaId } }));
  });

  test('changed fields and a photo are merged into the profile', async () => {
    const token = await signInBea();
    const response = await target.call(profileEndpoints.updateProfile, { token, params: { id: beaId }, formData: form({ firstName: 'Beatrix', isPrivateActivity: 'true' }, PNG) });
    const user = expectSuccess(profileEndpoints.updateProfile, response);
    expect(user).toMatchObject({ firstName: 'Beatrix', lastName: 'Beginner', isPrivateActivity: true });
    expect(user.profilePicture).toMatch(/^\/api\/uploads\/[a-f0-9]{32}\.png$/);
  });

  test('the level changes only 1-7 April', async () => {
    const token = await signInBea();
    const change = { levelOfCompetition: 'Elite' };
    expectError(
      await target.call(profileEndpoints.updateProfile, { token, params: { id: beaId }, formData: form(change) }),
      403,
      'LEVEL_WINDOW_CLOSED',
      'You can change your level of competition only in the first week of the new competition year (1-7 April)',
    );
    target.setNow('2027-04-03T09:00:00Z');
    const fresh = await signInBea();
    expect(expectSuccess(profileEndpoints.updateProfile, await target.call(profileEndpoints.updateProfile, { token: fresh, params: { id: beaId }, formData: form(change) })).levelOfCompetition).toBe('Elite');
  });

  test("another user's e-mail, another user's profile and bad values are refused", async () => {
    const token = await signInBea();
    expectError(await target.call(profileEndpoints.updateProfile, { token, params: { id: beaId }, formData: form({ email: 'IVAN@wellness.test' }) }), 409, 'EMAIL_TAKEN', 'An account with this email already exists');
    expectError(await target.call(profileEndpoints.updateProfile, { token, params: { id: beaId + 1 }, formData: form({ firstName: 'X' }) }), 404, 'NOT_FOUND', 'User not found');
    const bad = expectError(await target.call(profileEndpoints.updateProfile, { token, params: { id: beaId }, formData: form({ isPrivateActivity: 'maybe', email: 'nope' }) }), 400, 'VALIDATION_FAILED');
    expect(bad.issues).toEqual([
      { path: 'email', message: 'Email is invalid' },
      { path: 'isPrivateActivity', message: 'Please choose, if you want to share your activity' },
    ]);
  });

  test('trackers: none connected, none configured, sync imports nothing', async () => {
    const token = await signInBea();
    expect(expectSuccess(trackersEndpoints.apis, await target.call(trackersEndpoints.apis, { token }))).toEqual({ apis: [], services: [] });
    expectError(
      await target.call(trackersEndpoints.authorizeTracker, { token, body: { apiType: 'STRAVA' } }),
      400,
      'TRACKER_NOT_CONFIGURED',
      'Strava is not available: this installation has no Strava connection configured.',
    );
    expectError(await target.call(trackersEndpoints.connectStrava, { token, body: { code: 'abc', state: 'some-state' } }), 400, 'TRACKER_NOT_CONFIGURED');
    expectError(await target.call(trackersEndpoints.connectFitbit, { token, body: { code: 'abc', state: 'some-state' } }), 400, 'TRACKER_NOT_CONFIGURED');
    // The state the provider sends back is required.
    expectError(await target.call(trackersEndpoints.connectStrava, { token, body: { code: 'abc' } as never }), 400, 'VALIDATION_FAILED');
    expect(expectSuccess(trackersEndpoints.disconnectApi, await target.call(trackersEndpoints.disconnectApi, { token, body: { apiType: 'STRAVA' } }))).toEqual({ apis: [], services: [] });
    expectError(await target.call(trackersEndpoints.disconnectApi, { token, body: { apiType: 'GARMIN' } }), 400, 'VALIDATION_FAILED', API_TYPE_MESSAGE);
    expect(expectSuccess(trackersEndpoints.syncActivities, await target.call(trackersEndpoints.syncActivities, { token }))).toEqual({ queued: [], problems: [] });
  });

  test('trackers are for employees only', async () => {
    const { accessToken } = await target.signIn(fixtureAdmin.email, fixtureAdmin.password);
    expectError(await target.call(trackersEndpoints.apis, { token: accessToken }), 403, 'FORBIDDEN', 'This is available to employees only');
  });
});
