import { activityEndpoints } from '@/contract/activity';
import { leadersEndpoints } from '@/contract/leaders';
import { fixtureAdmin, fixtureEmployee } from '../../../mocks/fixtures';
import { expectError, expectSuccess, targets, useTarget } from '../harness';

const month = { startDate: '2026-11-01', endDate: '2026-11-30' };

/** The role check of server/http/route.ts, which mockRoute copies: same statuses, codes and messages. */
describe.each(targets)('access levels on $name', (target) => {
  useTarget(target);
  const employee = fixtureEmployee('Elite');

  test('no token answers 401 UNAUTHENTICATED', async () => {
    expectError(await target.call(activityEndpoints.month, { query: month }), 401, 'UNAUTHENTICATED', 'Please sign in to continue');
    expectError(await target.call(leadersEndpoints.top), 401, 'UNAUTHENTICATED', 'Please sign in to continue');
  });

  test('a forged token answers 401 UNAUTHENTICATED', async () => {
    expectError(await target.call(leadersEndpoints.top, { token: 'not.a.token' }), 401, 'UNAUTHENTICATED', 'Please sign in to continue');
  });

  test('an access token expires after 15 minutes', async () => {
    const { accessToken } = await target.signIn(employee.email, employee.password);
    target.advance(14 * 60 * 1000);
    expectSuccess(leadersEndpoints.top, await target.call(leadersEndpoints.top, { token: accessToken }));
    target.advance(60 * 1000);
    expectError(await target.call(leadersEndpoints.top, { token: accessToken }), 401, 'TOKEN_EXPIRED', 'Your session has expired');
  });

  test('an employee on an admin endpoint gets 403, an admin on an employee endpoint too', async () => {
    const { accessToken: userToken } = await target.signIn(employee.email, employee.password);
    const { accessToken: adminToken } = await target.signIn(fixtureAdmin.email, fixtureAdmin.password);
    expectError(await target.call(leadersEndpoints.list, { token: userToken }), 403, 'FORBIDDEN', 'You do not have permission to do that');
    expectError(await target.call(activityEndpoints.month, { token: adminToken, query: month }), 403, 'FORBIDDEN', 'This is available to employees only');
    expectSuccess(leadersEndpoints.list, await target.call(leadersEndpoints.list, { token: adminToken }));
  });

  test('the role check runs before validation, as on the server: only the right caller learns what is wrong', async () => {
    const bad = { query: { startDate: 'soon' } };
    expectError(await target.call(activityEndpoints.month, bad), 401, 'UNAUTHENTICATED', 'Please sign in to continue');
    const { accessToken: adminToken } = await target.signIn(fixtureAdmin.email, fixtureAdmin.password);
    expectError(await target.call(activityEndpoints.month, { ...bad, token: adminToken }), 403, 'FORBIDDEN', 'This is available to employees only');
    const { accessToken } = await target.signIn(employee.email, employee.password);
    const body = expectError(await target.call(activityEndpoints.month, { ...bad, token: accessToken }), 400, 'VALIDATION_FAILED');
    expect(body.issues?.map((issue) => issue.path)).toEqual(['startDate', 'endDate']);
  });
});
