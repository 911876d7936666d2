import { activityEndpoints as endpoints } from '@/contract/activity';
import { FIXTURE_PASSWORD } from '../../mocks/fixtures';
import { expectError, expectSuccess, targets, useTarget } from './harness';

const november = { startDate: '2026-11-01', endDate: '2026-11-30' };
const yoga = { name: 'Yoga', movingTime: 25, startTime: '2026-11-20T06:00:00.000Z' };

describe.each(targets)('Idempotency-Key on creations on $name', (target) => {
  useTarget(target);

  test('a repeated creation with the same key answers the first answer and creates one row', async () => {
    const { accessToken: token } = await target.signIn('bea@wellness.test', FIXTURE_PASSWORD);
    const headers = { 'Idempotency-Key': 'form-7f3a' };
    const first = await target.call(endpoints.log, { token, body: yoga, headers });
    const again = await target.call(endpoints.log, { token, body: yoga, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const month = expectSuccess(endpoints.month, await target.call(endpoints.month, { token, query: november }));
    expect(month.activities).toHaveLength(1);
  });

  test('the same key with another body is refused (422) and creates nothing', async () => {
    const { accessToken: token } = await target.signIn('bea@wellness.test', FIXTURE_PASSWORD);
    const headers = { 'Idempotency-Key': 'form-7f3b' };
    expectSuccess(endpoints.log, await target.call(endpoints.log, { token, body: yoga, headers }));
    expectError(await target.call(endpoints.log, { token, body: { ...yoga, movingTime: 26 }, headers }), 422, 'CONFLICT', 'This Idempotency-Key was already used for a different request');
    const month = expectSuccess(endpoints.month, await target.call(endpoints.month, { token, query: november }));
    expect(month.activities).toHaveLength(1);
  });

  test('keys are per caller, and requests without a key are not deduplicated', async () => {
    const bea = (await target.signIn('bea@wellness.test', FIXTURE_PASSWORD)).accessToken;
    const ivan = (await target.signIn('ivan@wellness.test', FIXTURE_PASSWORD)).accessToken;
    const headers = { 'Idempotency-Key': 'shared-key' };
    expectSuccess(endpoints.log, await target.call(endpoints.log, { token: bea, body: yoga, headers }));
    expectSuccess(endpoints.log, await target.call(endpoints.log, { token: ivan, body: yoga, headers }));
    expect((await target.call(endpoints.log, { token: ivan, body: yoga })).status).toBe(201);
    const month = expectSuccess(endpoints.month, await target.call(endpoints.month, { token: ivan, query: november }));
    expect(month.activities).toHaveLength(2);
    expectError(await target.call(endpoints.log, { token: bea, body: yoga, headers: { 'Idempotency-Key': 'bad key with spaces' } }), 400, 'VALIDATION_FAILED');
  });
});
