import { activityEndpoints } from '@/contract/activity';
import { teamsEndpoints } from '@/contract/teams';
import { FIXTURE_PASSWORD, fixtureAdmin, fixtureId } from '../../../mocks/fixtures';
import { expectError, expectSuccess, targets, useTarget } from '../harness';

const bea = 'bea@wellness.test';
const ivan = 'ivan@wellness.test';

/**
 * The teams endpoints on the server target only: mock mode is becoming the server's own route
 * table hosted in the browser, which will answer these endpoints without handlers of its own.
 */
describe.each(targets.filter((target) => target.name === 'server'))('teams endpoints on $name', (target) => {
  useTarget(target);

  test('an admin makes two teams and places two employees; the leaderboard and the team page answer in the contract', async () => {
    const { accessToken: admin } = await target.signIn(fixtureAdmin.email, fixtureAdmin.password);
    const { accessToken: beaToken } = await target.signIn(bea, FIXTURE_PASSWORD);
    const red = expectSuccess(teamsEndpoints.create, await target.call(teamsEndpoints.create, { token: admin, body: { name: 'Red' } }));
    const blue = expectSuccess(teamsEndpoints.create, await target.call(teamsEndpoints.create, { token: admin, body: { name: 'Blue' } }));
    expectSuccess(teamsEndpoints.assign, await target.call(teamsEndpoints.assign, { token: admin, body: { email: bea, teamId: red.id } }));
    expectSuccess(teamsEndpoints.assign, await target.call(teamsEndpoints.assign, { token: admin, body: { email: ivan, teamId: blue.id } }));
    expectSuccess(activityEndpoints.log, await target.call(activityEndpoints.log, { token: beaToken, body: { name: 'Running', movingTime: 30, startTime: '2026-11-22T07:00:00.000Z' } }));

    const board = expectSuccess(teamsEndpoints.leaderboard, await target.call(teamsEndpoints.leaderboard, { token: beaToken }));
    expect(board.rows.map((row) => [row.name, row.totalPoints, row.members, row.activeMembers])).toEqual([
      ['Red', 30, 1, 1],
      ['Blue', 0, 1, 0],
    ]);
    expect(board.myTeam).toEqual({ teamId: red.id, name: 'Red', place: 1, rank: 1, members: 1 });
    expect([board.total, board.offset]).toEqual([2, 0]);
    const page = expectSuccess(teamsEndpoints.page, await target.call(teamsEndpoints.page, { token: beaToken, params: { id: red.id } }));
    expect(page.members.map((member) => [member.userId, member.points, member.rank])).toEqual([[fixtureId(bea), 30, 1]]);
    expectSuccess(teamsEndpoints.adminList, await target.call(teamsEndpoints.adminList, { token: admin }));
    expectSuccess(teamsEndpoints.participation, await target.call(teamsEndpoints.participation, { token: admin }));
  });

  test('refusals: 401, 403, 400, 404 and 409 in the contract error shape', async () => {
    const { accessToken: admin } = await target.signIn(fixtureAdmin.email, fixtureAdmin.password);
    const { accessToken: beaToken } = await target.signIn(bea, FIXTURE_PASSWORD);
    expectError(await target.call(teamsEndpoints.leaderboard), 401, 'UNAUTHENTICATED');
    expectError(await target.call(teamsEndpoints.create, { token: beaToken, body: { name: 'Mine' } }), 403, 'FORBIDDEN');
    expectError(await target.call(teamsEndpoints.create, { token: admin, body: { name: '' } }), 400, 'VALIDATION_FAILED');
    expectError(await target.call(teamsEndpoints.page, { token: beaToken, params: { id: 4242 } }), 404, 'NOT_FOUND', 'Team not found');
    expectSuccess(teamsEndpoints.create, await target.call(teamsEndpoints.create, { token: admin, body: { name: 'Red' } }));
    expectError(await target.call(teamsEndpoints.create, { token: admin, body: { name: 'red' } }), 409, 'CONFLICT', 'A team with this name already exists');
  });
});
