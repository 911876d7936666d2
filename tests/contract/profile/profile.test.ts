import { trackersEndpoints } from '@/contract/trackers';
import { profileEndpoints } from '@/contract/profile';
import { fixtureAdmin, fixtureEmployee, fixtureId } from '../../../mocks/fixtures';
import { expectError, expectSuccess, targets, useTarget } from '../harness';

/** Profile and tracker scenarios beyond profile-trackers.test.ts: photo replacement, no-op updates, the window edges. */

const PNG = (fill: number): Uint8Array<ArrayBuffer> => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, fill]);
const form = (fields: Record<string, string>, photo?: Uint8Array<ArrayBuffer>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (photo) data.append('photo', new Blob([photo], { type: 'image/png' }), 'me.png');
  return data;
};

describe.each(targets)('profile edges on $name', (target) => {
  useTarget(target);
  const ivan = fixtureEmployee('Intermediate');
  const ivanId = fixtureId(ivan.email);
  const signIn = async () => (await target.signIn(ivan.email, ivan.password)).accessToken;
  const update = async (token: string, data: FormData, id = ivanId) => target.call(profileEndpoints.updateProfile, { token, params: { id }, formData: data });

  test('a replaced photo is no longer served; the new one is', async () => {
    const token = await signIn();
    const first = expectSuccess(profileEndpoints.updateProfile, await update(token, form({}, PNG(1)))).profilePicture!;
    const second = expectSuccess(profileEndpoints.updateProfile, await update(token, form({}, PNG(2)))).profilePicture!;
    expect(second).not.toBe(first);
    expect((await target.request('GET', first.replace(/^\/api/, ''))).status).toBe(404);
    expect((await target.request('GET', second.replace(/^\/api/, ''))).status).toBe(200);
  });

  test('an empty update or the unchanged level outside the window answers the stored profile', async () => {
    const token = await signIn();
    const before = expectSuccess(profileEndpoints.profile, await target.call(profileEndpoints.profile, { token, params: { id: ivanId } }));
    expect(expectSuccess(profileEndpoints.updateProfile, await update(token, form({})))).toEqual(before);
    expect(expectSuccess(profileEndpoints.updateProfile, await update(token, form({ levelOfCompetition: 'Intermediate' })))).toEqual(before);
  });

  test('the level window closes after 7 April and the change is kept once made', async () => {
    target.setNow('2027-04-07T23:59:00Z');
    const token = await signIn();
    expect(expectSuccess(profileEndpoints.updateProfile, await update(token, form({ levelOfCompetition: 'Advanced' }))).levelOfCompetition).toBe('Advanced');
    target.setNow('2027-04-08T00:00:00Z');
    const later = await signIn();
    expectError(await update(later, form({ levelOfCompetition: 'Elite' })), 403, 'LEVEL_WINDOW_CLOSED');
    expect(expectSuccess(profileEndpoints.profile, await target.call(profileEndpoints.profile, { token: later, params: { id: ivanId } })).levelOfCompetition).toBe('Advanced');
  });

  test("an admin may read but not change another user's profile", async () => {
    const { accessToken } = await target.signIn(fixtureAdmin.email, fixtureAdmin.password);
    expectSuccess(profileEndpoints.profile, await target.call(profileEndpoints.profile, { token: accessToken, params: { id: ivanId } }));
    expectError(await update(accessToken, form({ firstName: 'Changed' })), 404, 'NOT_FOUND', 'User not found');
  });

  test('profile without a token answers 401', async () => {
    expectError(await target.call(profileEndpoints.profile, { params: { id: ivanId } }), 401, 'UNAUTHENTICATED');
  });

  // The quota counts syncs that ask a provider (tests/server/trackers: the eleventh is a 429 with
  // Retry-After); one with nothing connected queues nothing and costs nothing.
  test('syncs that queue nothing never use up the quota', async () => {
    const token = await signIn();
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect(expectSuccess(trackersEndpoints.syncActivities, await target.call(trackersEndpoints.syncActivities, { token }))).toEqual({ queued: [], problems: [] });
    }
  });

  test('connect with an empty code answers 400 before anything else', async () => {
    const token = await signIn();
    expectError(await target.call(trackersEndpoints.connectStrava, { token, body: { code: '', state: 'some-state' } }), 400, 'VALIDATION_FAILED', 'Authorisation code is required');
  });
});
