import { trackersEndpoints } from '@/contract/trackers';
import { expectError, expectSuccess, targets, useTarget } from '../harness';

/**
 * Strava's webhook callback on both sides. Neither side has Strava configured here (the server's
 * tests/server/trackers cover a configured one against the fake Strava), so the subscription check
 * is refused and events are acknowledged without effect, the same way on the server and in the mocks.
 */
describe.each(targets)('Strava webhook on $name', (target) => {
  useTarget(target);
  const { stravaWebhookValidation: validation, stravaWebhookEvent: event } = trackersEndpoints;
  const anEvent = { object_type: 'activity', object_id: 12345678987, aspect_type: 'update', owner_id: 4242, subscription_id: 1, event_time: 1764000000, updates: { title: 'Messy' } };

  test('the subscription check is refused without our verify token, and with one nobody configured', async () => {
    const refused = async (query: Record<string, string | undefined>) => expectError(await target.call(validation, { query }), 403, 'FORBIDDEN');
    for (const query of [
      { 'hub.mode': 'subscribe', 'hub.challenge': '15f7d1a91c1f40f8a748fd134752feb3', 'hub.verify_token': 'STRAVA' },
      { 'hub.mode': 'subscribe', 'hub.challenge': '15f7d1a91c1f40f8a748fd134752feb3' },
      {},
    ]) {
      expect((await refused(query)).message).toBe('This webhook subscription is not ours');
    }
  });

  test('an overlong challenge is a 400', async () => {
    const response = await target.call(validation, { query: { 'hub.mode': 'subscribe', 'hub.challenge': 'x'.repeat(300), 'hub.verify_token': 'STRAVA' } });
    expect(expectError(response, 400, 'VALIDATION_FAILED').issues?.[0]?.path).toBe('hub.challenge');
  });

  test('an event as Strava posts it is acknowledged with 200 and no body to speak of', async () => {
    expect(expectSuccess(event, await target.call(event, { body: anEvent }))).toEqual({});
    const deauthorisation = { object_type: 'athlete', object_id: 4242, aspect_type: 'update', owner_id: '4242', subscription_id: 1, event_time: 1764000000, updates: { authorized: 'false' } };
    expect(expectSuccess(event, await target.call(event, { body: deauthorisation }))).toEqual({});
  });

  test('what is not a Strava event is a 400 that names the field', async () => {
    const wrongKind = expectError(await target.call(event, { body: { ...anEvent, object_type: 'gear' } }), 400, 'VALIDATION_FAILED');
    expect(wrongKind.issues).toEqual([{ path: 'object_type', message: 'object_type must be activity or athlete' }]);
    const noOwner = expectError(await target.call(event, { body: { ...anEvent, owner_id: 'me' } }), 400, 'VALIDATION_FAILED');
    expect(noOwner.issues?.map((issue) => issue.path)).toEqual(['owner_id']);
    expectError(await target.call(event, { body: { ...anEvent, updates: { title: 'Mes\u0000sy' } } }), 400, 'VALIDATION_FAILED');
  });
});
