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

describe.each(targets)('Idempotency-Key on replayable edits and deletes on $name', (target) => {
  useTarget(target);

  test('an edit and a delete replayed with their keys answer their first answers and change nothing more', async () => {
    const { accessToken: token } = await target.signIn('bea@wellness.test', FIXTURE_PASSWORD);
    const created = expectSuccess(endpoints.log, await target.call(endpoints.log, { token, body: yoga }));
    const edit = (movingTime: number, key: string) =>
      target.call(endpoints.update, { token, params: { id: created.id }, body: { name: 'Yoga', movingTime, startDate: '2026-11-20' }, headers: { 'Idempotency-Key': key } });
    const first = expectSuccess(endpoints.update, await edit(30, 'offline-edit-1'));
    expectSuccess(endpoints.update, await edit(45, 'offline-edit-2'));
    const replay = await edit(30, 'offline-edit-1');
    expect(expectSuccess(endpoints.update, replay)).toEqual(first);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const remove = () => target.call(endpoints.remove, { token, params: { id: created.id }, headers: { 'Idempotency-Key': 'offline-delete-1' } });
    expectSuccess(endpoints.remove, await remove());
    const again = await remove();
    expectSuccess(endpoints.remove, again);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expectError(await target.call(endpoints.remove, { token, params: { id: created.id } }), 404, 'NOT_FOUND');
  });

  test('the key of a refused edit stays free, and a key reused on another row is refused', async () => {
    const { accessToken: token } = await target.signIn('bea@wellness.test', FIXTURE_PASSWORD);
    const created = expectSuccess(endpoints.log, await target.call(endpoints.log, { token, body: yoga }));
    const headers = { 'Idempotency-Key': 'offline-delete-2' };
    expectError(await target.call(endpoints.remove, { token, params: { id: created.id + 1000 }, headers }), 404, 'NOT_FOUND');
    expectSuccess(endpoints.remove, await target.call(endpoints.remove, { token, params: { id: created.id }, headers }));
    expectError(await target.call(endpoints.remove, { token, params: { id: created.id + 1000 }, headers }), 422, 'CONFLICT');
  });
});
