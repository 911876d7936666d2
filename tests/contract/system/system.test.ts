import { systemEndpoints } from '@/contract/system';
import { expectError, expectSuccess, targets, useTarget } from '../harness';
import { trackerProviders } from '@/contract/tracker-providers';

describe.each(targets)('system endpoints on $name', (target) => {
  useTarget(target);

  test('health answers ok', async () => {
    expect(expectSuccess(systemEndpoints.health, await target.call(systemEndpoints.health))).toEqual({ status: 'ok' });
  });

  test('ready answers ready while the database answers', async () => {
    expect(expectSuccess(systemEndpoints.ready, await target.call(systemEndpoints.ready))).toEqual({ status: 'ready' });
  });

  test('config lists no tracker when none is configured', async () => {
    const config = expectSuccess(systemEndpoints.config, await target.call(systemEndpoints.config));
    // Keyed by each registered provider's source; an unconfigured one is null (or absent).
    expect(Object.keys(config).every((source) => trackerProviders.some((provider) => provider.source === source))).toBe(true);
    for (const provider of trackerProviders) expect(config[provider.source] ?? null).toBeNull();
  });

  test('paths answer with and without the trailing slash, and bad ids or NUL are 400s', async () => {
    expect((await target.request('GET', '/health/')).status).toBe(200);
    const session = await target.signIn('bea@wellness.test', 'Employee123!');
    const month = await target.request('GET', '/user/activity/', { token: session.accessToken, query: { startDate: '2026-11-01', endDate: '2026-11-30' } });
    expect(month.status).toBe(200);
    const logged = await target.request('POST', '/user/activity/log/', { token: session.accessToken, body: { name: 'Yoga', movingTime: 5, startTime: '2026-11-21' } });
    expect(logged.status).toBe(201);
    expectError(await target.request('DELETE', '/user/activity/2147483648', { token: session.accessToken }), 400, 'VALIDATION_FAILED', 'Id must be 2147483647 or less');
    expectError(await target.request('GET', '/user/activity/feed', { token: session.accessToken, query: { page: '214748365' } }), 400, 'VALIDATION_FAILED', 'Page must be 100000 or less');
    expectError(
      await target.request('POST', '/user/activity/daily-step-achievement', { token: session.accessToken, body: { date: '2026-11-01\u0000' } }),
      400,
      'VALIDATION_FAILED',
      'Date must be YYYY-MM-DD or an ISO date-time',
    );
    expectError(
      await target.request('GET', '/auth/forgot-password', { query: { token: 'a\u0000b' } }),
      400,
      'VALIDATION_FAILED',
      'The request must not contain NUL characters',
    );
  });

  test('an unknown endpoint answers 404 NOT_FOUND', async () => {
    expectError(await target.request('GET', '/no-such-thing'), 404, 'NOT_FOUND', 'No endpoint GET /api/no-such-thing');
  });
});
