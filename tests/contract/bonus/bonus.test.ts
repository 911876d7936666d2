import { bonusEndpoints } from '@/contract/bonus';
import { leadersEndpoints } from '@/contract/leaders';
import { FIXTURE_PASSWORD, fixtureAdmin, fixtureId } from '../../../mocks/fixtures';
import { expectError, expectSuccess, targets, useTarget } from '../harness';

const bea = 'bea@wellness.test';
const flags = (first: boolean, second: boolean, third: boolean, fourth: boolean) => ({ firstQuarter: first, secondQuarter: second, thirdQuarter: third, fourthQuarter: fourth });

describe.each(targets)('quarterly bonus on $name', (target) => {
  useTarget(target);

  test('both endpoints set the flags, return the user and move the standings', async () => {
    const { accessToken } = await target.signIn(fixtureAdmin.email, fixtureAdmin.password);
    const id = fixtureId(bea);
    const user = expectSuccess(bonusEndpoints.quarterlyBonus, await target.call(bonusEndpoints.quarterlyBonus, { token: accessToken, params: { id }, body: { newQuarterlyBonusData: flags(true, true, false, false) } }));
    expect(user).toMatchObject({ id, email: bea, quarterlyBonus: flags(true, true, false, false) });
    const top = expectSuccess(leadersEndpoints.top, await target.call(leadersEndpoints.top, { token: accessToken }));
    expect(top.Beginner).toEqual([expect.objectContaining({ userId: id, annualPoints: 500 })]);

    const again = expectSuccess(bonusEndpoints.activityQuarterlyBonus, await target.call(bonusEndpoints.activityQuarterlyBonus, { token: accessToken, body: { userId: id, newQuarterlyBonusData: flags(false, false, true, false) } }));
    expect(again.quarterlyBonus).toEqual(flags(false, false, true, false));
    const list = expectSuccess(leadersEndpoints.list, await target.call(leadersEndpoints.list, { token: accessToken, query: { levelOfCompetition: 'Beginner' } }));
    // Q3's flag counts in December: November's monthly column is untouched.
    expect(list.rows.find((row) => row.userId === id)).toMatchObject({ annualPoints: 250, monthlyPoints: 0 });
  });

  test('a quarter that has not begun cannot be awarded: 409 and nothing changes (docs/product-rules.md, "Quarterly bonus")', async () => {
    const { accessToken } = await target.signIn(fixtureAdmin.email, fixtureAdmin.password);
    const id = fixtureId(bea);
    expectSuccess(bonusEndpoints.quarterlyBonus, await target.call(bonusEndpoints.quarterlyBonus, { token: accessToken, params: { id }, body: { newQuarterlyBonusData: flags(true, false, false, false) } }));
    // The fixtures' November: Q4 (January - March 2027) is still ahead.
    expectError(
      await target.call(bonusEndpoints.quarterlyBonus, { token: accessToken, params: { id }, body: { newQuarterlyBonusData: flags(true, true, false, true) } }),
      409,
      'QUARTER_NOT_STARTED',
      'Q4 (January - March 2027) has not started yet: a quarterly bonus can only be awarded once its quarter has begun',
    );
    const list = expectSuccess(leadersEndpoints.list, await target.call(leadersEndpoints.list, { token: accessToken, query: { levelOfCompetition: 'Beginner' } }));
    expect(list.rows.find((row) => row.userId === id)).toMatchObject({ annualPoints: 250 });
    const unticked = expectSuccess(bonusEndpoints.activityQuarterlyBonus, await target.call(bonusEndpoints.activityQuarterlyBonus, { token: accessToken, body: { userId: id, newQuarterlyBonusData: flags(false, false, true, false) } }));
    expect(unticked.quarterlyBonus).toEqual(flags(false, false, true, false));
  });

  test('employees get 403, unknown users and admins 404, bad bodies 400', async () => {
    const payload = { newQuarterlyBonusData: flags(true, false, false, false) };
    const { accessToken: employee } = await target.signIn(bea, FIXTURE_PASSWORD);
    expectError(await target.call(bonusEndpoints.quarterlyBonus, { token: employee, params: { id: fixtureId(bea) }, body: payload }), 403, 'FORBIDDEN');
    const { accessToken } = await target.signIn(fixtureAdmin.email, fixtureAdmin.password);
    expectError(await target.call(bonusEndpoints.quarterlyBonus, { token: accessToken, params: { id: 999 }, body: payload }), 404, 'NOT_FOUND', 'User not found');
    expectError(await target.call(bonusEndpoints.activityQuarterlyBonus, { token: accessToken, body: { userId: fixtureId(fixtureAdmin.email), ...payload } }), 404, 'NOT_FOUND', 'User not found');
    expectError(await target.call(bonusEndpoints.activityQuarterlyBonus, { token: accessToken, body: { userId: fixtureId(bea) } }), 400, 'VALIDATION_FAILED');
  });
});
