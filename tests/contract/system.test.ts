import { systemEndpoints } from '../../src/api/contract/system';
import { expectError, expectSuccess, targets, useTarget } from './harness';

describe.each(targets)('system endpoints on $name', (target) => {
  useTarget(target);

  test('health answers ok', async () => {
    expect(expectSuccess(systemEndpoints.health, await target.call(systemEndpoints.health))).toEqual({ status: 'ok' });
  });

  test('ready answers ready while the database answers', async () => {
    expect(expectSuccess(systemEndpoints.ready, await target.call(systemEndpoints.ready))).toEqual({ status: 'ready' });
  });

  test('config lists no tracker when none is configured', async () => {
    expect(expectSuccess(systemEndpoints.config, await target.call(systemEndpoints.config))).toEqual({ strava: null, fitbit: null });
  });

  test('an unknown endpoint answers 404 NOT_FOUND', async () => {
    expectError(await target.request('GET', '/no-such-thing'), 404, 'NOT_FOUND', 'No endpoint GET /api/no-such-thing');
  });
});
