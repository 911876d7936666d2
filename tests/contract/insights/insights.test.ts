import { accessEndpoints } from '@/contract/access';
import { activityEndpoints } from '@/contract/activity';
import { authEndpoints } from '@/contract/auth';
import { insightsEndpoints } from '@/contract/insights';
import { usersEndpoints } from '@/contract/users';
import { FIXTURE_PASSWORD, fixtureAdmin, fixtureId, fixtureUsers } from '../../../mocks/fixtures';
import { expectError, expectSuccess, targets, useTarget, type ContractTarget } from '../harness';
import { trackerProviders } from '@/contract/tracker-providers';

/** Product rules: Progress charts and overview. Progress charts and the admin overview, same numbers from the server and the mocks. */

const bea = 'bea@wellness.test';
const ivan = 'ivan@wellness.test';
const pia = 'pia@wellness.test';
const zeroMonth = { minutes: 0, points: 0, rank: null, competitors: 0, levelMedian: 0 };

/** Bea: Oct event (60), Nov 30 min + steps (60); Pia: Nov 15 min; Ivan: Oct event top three (90). */
const seed = async (target: ContractTarget) => {
  const tokens = {
    bea: (await target.signIn(bea, FIXTURE_PASSWORD)).accessToken,
    ivan: (await target.signIn(ivan, FIXTURE_PASSWORD)).accessToken,
    pia: (await target.signIn(pia, FIXTURE_PASSWORD)).accessToken,
  };
  expectSuccess(activityEndpoints.log, await target.call(activityEndpoints.log, { token: tokens.bea, body: { name: 'Running', movingTime: 30, startTime: '2026-11-20T07:00:00.000Z' } }));
  expectSuccess(activityEndpoints.addSteps, await target.call(activityEndpoints.addSteps, { token: tokens.bea, body: { date: '2026-11-21' } }));
  expectSuccess(activityEndpoints.logEvent, await target.call(activityEndpoints.logEvent, { token: tokens.bea, body: { name: 'Charity walk', isInTheTopThree: false, date: '2026-10-04' } }));
  expectSuccess(activityEndpoints.log, await target.call(activityEndpoints.log, { token: tokens.pia, body: { name: 'Yoga', movingTime: 15, startTime: '2026-11-19T07:00:00.000Z' } }));
  expectSuccess(activityEndpoints.logEvent, await target.call(activityEndpoints.logEvent, { token: tokens.ivan, body: { name: 'City run', isInTheTopThree: true, date: '2026-10-04' } }));
  return tokens;
};

describe.each(targets)('insights endpoints on $name', (target) => {
  useTarget(target);

  test("an employee's months: minutes, points, rank among the level's scorers and their median, April to now", async () => {
    const tokens = await seed(target);
    const progress = expectSuccess(insightsEndpoints.progress, await target.call(insightsEndpoints.progress, { token: tokens.bea }));
    expect(progress.competitionYear).toBe(2026);
    expect(progress.levelOfCompetition).toBe('Beginner');
    expect(progress.months.map((month) => month.month)).toEqual(['2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    expect(progress.months[0]).toEqual({ month: '2026-04', ...zeroMonth });
    expect(progress.months[6]).toEqual({ month: '2026-10', minutes: 0, points: 60, rank: 1, competitors: 1, levelMedian: 60 });
    expect(progress.months[7]).toEqual({ month: '2026-11', minutes: 30, points: 60, rank: 1, competitors: 2, levelMedian: 37.5 });

    const piaMonths = expectSuccess(insightsEndpoints.progress, await target.call(insightsEndpoints.progress, { token: tokens.pia })).months;
    expect(piaMonths[6]).toEqual({ month: '2026-10', minutes: 0, points: 0, rank: null, competitors: 1, levelMedian: 60 });
    expect(piaMonths[7]).toEqual({ month: '2026-11', minutes: 15, points: 15, rank: 2, competitors: 2, levelMedian: 37.5 });

    const past = expectSuccess(insightsEndpoints.progress, await target.call(insightsEndpoints.progress, { token: tokens.bea, query: { competitionYear: 2025 } }));
    expect(past.months).toHaveLength(12);
    expect(past.months.at(-1)).toEqual({ month: '2026-03', ...zeroMonth });
  });

  test('a self-made account counts in no rank, competitors or median until its address is confirmed, and has no rank itself', async () => {
    const tokens = await seed(target);
    const form = new FormData();
    for (const [name, value] of Object.entries({ firstName: 'Nora', lastName: 'Newcomer', dateOfBirth: '1990-06-15', gender: 'female', email: 'nora@wellness.test', password: 'Secret123!', levelOfCompetition: 'Beginner' })) form.append(name, value);
    const nora = expectSuccess(authEndpoints.signup, await target.call(authEndpoints.signup, { formData: form })).accessToken;
    expectSuccess(activityEndpoints.log, await target.call(activityEndpoints.log, { token: nora, body: { name: 'Rowing', movingTime: 200, startTime: '2026-11-18T07:00:00.000Z' } }));
    const november = async (token: string) => expectSuccess(insightsEndpoints.progress, await target.call(insightsEndpoints.progress, { token })).months[7];
    expect(await november(tokens.bea)).toEqual({ month: '2026-11', minutes: 30, points: 60, rank: 1, competitors: 2, levelMedian: 37.5 });
    expect(await november(nora)).toEqual({ month: '2026-11', minutes: 200, points: 200, rank: null, competitors: 2, levelMedian: 37.5 });

    const mail = [...target.mails()].reverse().find((message) => message.to === 'nora@wellness.test')!;
    const link = decodeURIComponent(/\/confirm-email\?token=([^\s"<&]+)/.exec(mail.text)![1]!);
    expectSuccess(accessEndpoints.confirmEmail, await target.call(accessEndpoints.confirmEmail, { body: { token: link } }));
    expect(await november(tokens.bea)).toEqual({ month: '2026-11', minutes: 30, points: 60, rank: 2, competitors: 3, levelMedian: 60 });
    expect(await november(nora)).toEqual({ month: '2026-11', minutes: 200, points: 200, rank: 1, competitors: 3, levelMedian: 60 });
  });

  test('a level change moves the employee into the other level at once', async () => {
    const tokens = await seed(target);
    const admin = (await target.signIn(fixtureAdmin.email, fixtureAdmin.password)).accessToken;
    const profile = fixtureUsers.find((user) => user.email === bea)!;
    expectSuccess(
      usersEndpoints.update,
      await target.call(usersEndpoints.update, { token: admin, params: { id: fixtureId(bea) }, body: { firstName: profile.firstName, lastName: profile.lastName, dateOfBirth: profile.dateOfBirth, gender: profile.gender, levelOfCompetition: 'Intermediate' } }),
    );
    const progress = expectSuccess(insightsEndpoints.progress, await target.call(insightsEndpoints.progress, { token: tokens.bea }));
    expect(progress.levelOfCompetition).toBe('Intermediate');
    expect(progress.months[6]).toEqual({ month: '2026-10', minutes: 0, points: 60, rank: 2, competitors: 2, levelMedian: 75 });
    const piaMonths = expectSuccess(insightsEndpoints.progress, await target.call(insightsEndpoints.progress, { token: tokens.pia })).months;
    expect(piaMonths[7]).toMatchObject({ rank: 1, competitors: 1, levelMedian: 15 });
  });

  test('the admin overview sums the months over every level; tracker counts', async () => {
    await seed(target);
    const admin = (await target.signIn(fixtureAdmin.email, fixtureAdmin.password)).accessToken;
    const overview = expectSuccess(insightsEndpoints.overview, await target.call(insightsEndpoints.overview, { token: admin }));
    expect(overview.competitionYear).toBe(2026);
    expect(overview.months).toHaveLength(8);
    expect(overview.months[6]).toEqual({ month: '2026-10', activeEmployees: 2, minutesByLevel: { Beginner: 0, Intermediate: 0, Advanced: 0, Elite: 0 }, eventParticipations: 2, stepAchievements: 0 });
    expect(overview.months[7]).toEqual({ month: '2026-11', activeEmployees: 2, minutesByLevel: { Beginner: 45, Intermediate: 0, Advanced: 0, Elite: 0 }, eventParticipations: 0, stepAchievements: 1 });
    expect(overview.months[0]).toMatchObject({ activeEmployees: 0, eventParticipations: 0, stepAchievements: 0 });
    expect(overview.trackers).toMatchObject({ connectedEmployees: 0, employees: fixtureUsers.filter((user) => user.role === 'user').length });
    // One count per registered provider (keyed by its source; one without connections may be absent).
    for (const provider of trackerProviders) expect(overview.trackers[provider.source] ?? 0).toBe(0);
    const past = expectSuccess(insightsEndpoints.overview, await target.call(insightsEndpoints.overview, { token: admin, query: { competitionYear: 2022 } }));
    expect(past.months).toHaveLength(12);
    expect(past.months.every((month) => month.activeEmployees === 0)).toBe(true);
  });

  test('permissions and years: employees read their own progress, admins the overview', async () => {
    const employee = (await target.signIn(bea, FIXTURE_PASSWORD)).accessToken;
    const admin = (await target.signIn(fixtureAdmin.email, fixtureAdmin.password)).accessToken;
    expectError(await target.call(insightsEndpoints.progress), 401, 'UNAUTHENTICATED');
    expectError(await target.call(insightsEndpoints.overview), 401, 'UNAUTHENTICATED');
    expectError(await target.call(insightsEndpoints.overview, { token: employee }), 403, 'FORBIDDEN');
    expectError(await target.call(insightsEndpoints.progress, { token: admin }), 403, 'FORBIDDEN');
    expectError(await target.call(insightsEndpoints.progress, { token: employee, query: { competitionYear: 2027 } }), 400, 'VALIDATION_FAILED');
    expectError(await target.call(insightsEndpoints.overview, { token: admin, query: { competitionYear: 2021 } }), 400, 'VALIDATION_FAILED');
    expectError(await target.call(insightsEndpoints.overview, { token: admin, query: { competitionYear: 'next' } }), 400, 'VALIDATION_FAILED');
  });
});
