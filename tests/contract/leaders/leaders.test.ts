import { activityEndpoints } from '@/contract/activity';
import { leadersEndpoints } from '@/contract/leaders';
import { FIXTURE_PASSWORD, fixtureAdmin, fixtureId } from '../../../mocks/fixtures';
import { expectError, expectSuccess, targets, useTarget, type ContractTarget } from '../harness';

const bea = 'bea@wellness.test';
const ivan = 'ivan@wellness.test';
const pia = 'pia@wellness.test';

/** Bea: 30 min + steps (60); Ivan: event top three (90); Pia (private): 15 min. */
const seedScores = async (target: ContractTarget) => {
  const { accessToken: beaToken } = await target.signIn(bea, FIXTURE_PASSWORD);
  const { accessToken: ivanToken } = await target.signIn(ivan, FIXTURE_PASSWORD);
  const { accessToken: piaToken } = await target.signIn(pia, FIXTURE_PASSWORD);
  expectSuccess(activityEndpoints.log, await target.call(activityEndpoints.log, { token: beaToken, body: { name: 'Running', movingTime: 30, startTime: '2026-11-20T07:00:00.000Z' } }));
  expectSuccess(activityEndpoints.addSteps, await target.call(activityEndpoints.addSteps, { token: beaToken, body: { date: '2026-11-21' } }));
  expectSuccess(activityEndpoints.logEvent, await target.call(activityEndpoints.logEvent, { token: ivanToken, body: { name: 'City run', isInTheTopThree: true, date: '2026-10-04' } }));
  expectSuccess(activityEndpoints.log, await target.call(activityEndpoints.log, { token: piaToken, body: { name: 'Yoga', movingTime: 15, startTime: '2026-11-19T07:00:00.000Z' } }));
  return { beaToken };
};

describe.each(targets)('leaders endpoints on $name', (target) => {
  useTarget(target);

  test('top leaders per level follow the logged rows at once', async () => {
    const { beaToken } = await seedScores(target);
    const top = expectSuccess(leadersEndpoints.top, await target.call(leadersEndpoints.top, { token: beaToken }));
    expect(top).toEqual({
      Beginner: [
        { userId: fixtureId(bea), firstName: 'Bea', lastName: 'Beginner', profilePicture: null, annualPoints: 60 },
        { userId: fixtureId(pia), firstName: 'Pia', lastName: 'Private', profilePicture: null, annualPoints: 15 },
      ],
      Intermediate: [{ userId: fixtureId(ivan), firstName: 'Ivan', lastName: 'Intermediate', profilePicture: null, annualPoints: 90 }],
      Advanced: [],
      Elite: [],
    });
    const past = expectSuccess(leadersEndpoints.top, await target.call(leadersEndpoints.top, { token: beaToken, query: { competitionYear: 2024 } }));
    expect(past).toEqual({ Beginner: [], Intermediate: [], Advanced: [], Elite: [] });
  });

  test('admin list: every employee of the level, with annual and monthly points', async () => {
    await seedScores(target);
    const { accessToken } = await target.signIn(fixtureAdmin.email, fixtureAdmin.password);
    const list = expectSuccess(leadersEndpoints.list, await target.call(leadersEndpoints.list, { token: accessToken, query: { levelOfCompetition: 'Beginner', limit: 10, offset: 0 } }));
    expect(list).toEqual({
      count: 2,
      rows: [
        { userId: fixtureId(bea), firstName: 'Bea', lastName: 'Beginner', email: bea, levelOfCompetition: 'Beginner', annualPoints: 60, monthlyPoints: 60 },
        { userId: fixtureId(pia), firstName: 'Pia', lastName: 'Private', email: pia, levelOfCompetition: 'Beginner', annualPoints: 15, monthlyPoints: 15 },
      ],
    });
    const all = expectSuccess(leadersEndpoints.list, await target.call(leadersEndpoints.list, { token: accessToken, query: { limit: 2, offset: 2 } }));
    expect(all.count).toBe(5);
    expect(all.rows.map((row) => [row.firstName, row.annualPoints])).toEqual([
      ['Pia', 15],
      ['Alex', 0],
    ]);
  });

  test('bad filters are 400, employees get 403 on the admin list, no token 401', async () => {
    const { accessToken } = await target.signIn(fixtureAdmin.email, fixtureAdmin.password);
    expectError(await target.call(leadersEndpoints.list, { token: accessToken, query: { levelOfCompetition: 'Expert' } }), 400, 'VALIDATION_FAILED', 'Level of competition must be Beginner, Intermediate, Advanced or Elite');
    expectError(await target.call(leadersEndpoints.list, { token: accessToken, query: { competitionYear: 2027 } }), 400, 'VALIDATION_FAILED', 'Competition year must be 2026 or earlier');
    expectError(await target.call(leadersEndpoints.list, { token: accessToken, query: { limit: 101 } }), 400, 'VALIDATION_FAILED', 'Limit must be 100 or less');
    expectError(await target.call(leadersEndpoints.list, { token: accessToken, query: { offset: -1 } }), 400, 'VALIDATION_FAILED', 'Offset must be 0 or more');
    expectError(await target.call(leadersEndpoints.top, { token: accessToken, query: { competitionYear: 2021 } }), 400, 'VALIDATION_FAILED', 'Competition year must be 2022 or later');
    const { accessToken: employee } = await target.signIn(bea, FIXTURE_PASSWORD);
    expectError(await target.call(leadersEndpoints.list, { token: employee }), 403, 'FORBIDDEN');
    expectError(await target.call(leadersEndpoints.top), 401, 'UNAUTHENTICATED');
  });
});
