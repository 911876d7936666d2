import { activityEndpoints as endpoints } from '@/contract/activity';
import { FIXTURE_PASSWORD, fixtureAdmin } from '../../../mocks/fixtures';
import { expectError, expectSuccess, targets, useTarget, type ContractTarget } from '../harness';

const bea = 'bea@wellness.test';
const ivan = 'ivan@wellness.test';
const november = { startDate: '2026-11-01', endDate: '2026-11-30' };

const tokenOf = async (target: ContractTarget, email: string) => (await target.signIn(email, FIXTURE_PASSWORD)).accessToken;

describe.each(targets)('employee dashboard on $name', (target) => {
  useTarget(target);

  test('log, month, update and delete an activity; totals follow', async () => {
    const token = await tokenOf(target, bea);
    const created = expectSuccess(endpoints.log, await target.call(endpoints.log, { token, body: { name: 'Other', otherName: 'Kayaking', movingTime: 40, startTime: '2026-11-20T07:30:00.000Z' } }));
    expect(created).toMatchObject({ name: 'Kayaking', otherName: 'Kayaking', title: 'Kayaking', startDate: '2026-11-20', startTime: '07:30', start: '2026-11-20T07:30:00.000Z', end: '2026-11-20T08:10:00.000Z', source: 'manual' });
    expectSuccess(endpoints.log, await target.call(endpoints.log, { token, body: { name: 'Yoga', movingTime: 20, startTime: '2026-10-02' } }));

    const month = expectSuccess(endpoints.month, await target.call(endpoints.month, { token, query: november }));
    expect(month.activities).toEqual([created]);
    expect(month.movingAnalytics).toEqual({ totalMonth: 40, totalAnnual: 60 });

    const updated = expectSuccess(
      endpoints.update,
      await target.call(endpoints.update, { token, params: { id: created.id }, body: { name: 'Cycling', movingTime: 55, startDate: '2026-11-21T00:00:00.000Z' } }),
    );
    expect(updated).toMatchObject({ id: created.id, name: 'Cycling', otherName: null, movingTime: 55, startDate: '2026-11-21', startTime: '07:30' });

    expectSuccess(endpoints.remove, await target.call(endpoints.remove, { token, params: { id: created.id } }));
    const after = expectSuccess(endpoints.month, await target.call(endpoints.month, { token, query: november }));
    expect(after.activities).toEqual([]);
    expect(after.movingAnalytics).toEqual({ totalMonth: 0, totalAnnual: 20 });
  });

  test('the same validation answers on both sides', async () => {
    const token = await tokenOf(target, bea);
    const body = { name: 'Other', movingTime: 5, startTime: '2026-11-20' };
    const other = expectError(await target.call(endpoints.log, { token, body }), 400, 'VALIDATION_FAILED', 'Other title is required');
    expect(other.issues).toEqual([{ path: 'otherName', message: 'Other title is required' }]);
    expectError(await target.call(endpoints.log, { token, body: { name: '', movingTime: 5, startTime: '2026-11-20' } }), 400, 'VALIDATION_FAILED', 'Title is required!');
    expectError(await target.call(endpoints.log, { token, body: { name: 'Yoga', movingTime: 0, startTime: '2026-11-20' } }), 400, 'VALIDATION_FAILED', 'Moving time is required');
    expectError(await target.call(endpoints.log, { token, body: { name: 'Yoga', movingTime: 1441, startTime: '2026-11-20' } }), 400, 'VALIDATION_FAILED', 'Moving time must be at most 1440 minutes');
    expectError(await target.call(endpoints.month, { token, query: { startDate: '2026-11-30', endDate: '2026-11-01' } }), 400, 'VALIDATION_FAILED', 'endDate must not be before startDate');
    expectError(await target.call(endpoints.month, { token, query: { startDate: '2026-01-01', endDate: '2026-03-31' } }), 400, 'VALIDATION_FAILED', 'The date range must be at most 62 days');
    expectError(await target.call(endpoints.logEvent, { token, body: { name: ' ', date: '2026-11-20' } }), 400, 'VALIDATION_FAILED', 'Title is required!');
    expectError(await target.call(endpoints.participatedEvents, { token, query: { date: '2026-02-30' } }), 400, 'VALIDATION_FAILED', 'Date must be YYYY-MM-DD or an ISO date-time');
  });

  test('future dates and closed years are refused; the April grace is honoured', async () => {
    target.setNow('2027-04-14T12:00:00Z');
    let token = await tokenOf(target, bea);
    expectError(await target.call(endpoints.log, { token, body: { name: 'Yoga', movingTime: 5, startTime: '2027-04-15' } }), 400, 'FUTURE_DATE', 'Dates in the future cannot be logged');
    const march = expectSuccess(endpoints.log, await target.call(endpoints.log, { token, body: { name: 'Yoga', movingTime: 5, startTime: '2027-03-31' } }));
    const event = expectSuccess(endpoints.logEvent, await target.call(endpoints.logEvent, { token, body: { name: 'Trail', date: '2027-03-30' } }));
    expectSuccess(endpoints.addSteps, await target.call(endpoints.addSteps, { token, body: { date: '2027-03-29' } }));

    target.setNow('2027-04-15T00:00:00Z');
    token = await tokenOf(target, bea);
    const closed = 'This date can no longer be changed: only the current competition year (and the previous one until 14 April) can be edited';
    expectError(await target.call(endpoints.remove, { token, params: { id: march.id } }), 403, 'EDIT_WINDOW_CLOSED', closed);
    expectError(await target.call(endpoints.update, { token, params: { id: march.id }, body: { name: 'Yoga', movingTime: 9, startDate: '2027-04-02' } }), 403, 'EDIT_WINDOW_CLOSED', closed);
    expectError(await target.call(endpoints.removeEvent, { token, params: { id: event.id } }), 403, 'EDIT_WINDOW_CLOSED', closed);
    expectError(await target.call(endpoints.removeSteps, { token, body: { date: '2027-03-29' } }), 403, 'EDIT_WINDOW_CLOSED', closed);
    expectError(await target.call(endpoints.addSteps, { token, body: { date: '2027-03-28' } }), 403, 'EDIT_WINDOW_CLOSED', closed);
    const month = expectSuccess(endpoints.month, await target.call(endpoints.month, { token, query: { startDate: '2027-03-01', endDate: '2027-03-31' } }));
    expect(month.activities.map((activity) => activity.movingTime)).toEqual([5]);
    expect(month.dailyStepsAchievements.map((step) => step.date)).toEqual(['2027-03-29']);
    expect(month.eventParticipationDates).toEqual(['2027-03-30']);
  });

  test('steps are idempotent; events list per day; other users get 404 and change nothing', async () => {
    const token = await tokenOf(target, bea);
    const other = await tokenOf(target, ivan);
    const first = expectSuccess(endpoints.addSteps, await target.call(endpoints.addSteps, { token, body: { date: '2026-11-20' } }));
    const again = expectSuccess(endpoints.addSteps, await target.call(endpoints.addSteps, { token, body: { date: '2026-11-20T18:00:00Z' } }));
    expect(again).toEqual(first);
    expect(first).toMatchObject({ date: '2026-11-20', isDailyStepsBonus: true });

    const event = expectSuccess(endpoints.logEvent, await target.call(endpoints.logEvent, { token, body: { name: 'City 10K', isInTheTopThree: true, date: '2026-11-20' } }));
    expect(event).toMatchObject({ name: 'City 10K', isInTheTopThree: true, date: '2026-11-20' });
    const activity = expectSuccess(endpoints.log, await target.call(endpoints.log, { token, body: { name: 'Running', movingTime: 30, startTime: '2026-11-20' } }));

    expectError(await target.call(endpoints.update, { token: other, params: { id: activity.id }, body: { name: 'Yoga', movingTime: 1, startDate: '2026-11-20' } }), 404, 'NOT_FOUND', 'Activity not found');
    expectError(await target.call(endpoints.remove, { token: other, params: { id: activity.id } }), 404, 'NOT_FOUND', 'Activity not found');
    expectError(await target.call(endpoints.removeEvent, { token: other, params: { id: event.id } }), 404, 'NOT_FOUND', 'Event participation not found');
    expectError(await target.call(endpoints.removeSteps, { token: other, body: { date: '2026-11-20' } }), 404, 'NOT_FOUND', 'There is no step achievement on that day');
    expect(expectSuccess(endpoints.participatedEvents, await target.call(endpoints.participatedEvents, { token: other, query: { date: '2026-11-20' } }))).toEqual({ participatedEvents: [] });

    const mine = expectSuccess(endpoints.month, await target.call(endpoints.month, { token, query: november }));
    expect(mine).toEqual({ activities: [activity], dailyStepsAchievements: [first], movingAnalytics: { totalMonth: 30, totalAnnual: 30 }, eventParticipationDates: ['2026-11-20'] });
    expect(expectSuccess(endpoints.participatedEvents, await target.call(endpoints.participatedEvents, { token, query: { date: '2026-11-20' } }))).toEqual({ participatedEvents: [event] });

    expectSuccess(endpoints.removeEvent, await target.call(endpoints.removeEvent, { token, params: { id: event.id } }));
    expectSuccess(endpoints.removeSteps, await target.call(endpoints.removeSteps, { token, body: { date: '2026-11-20' } }));
    const after = expectSuccess(endpoints.month, await target.call(endpoints.month, { token, query: november }));
    expect(after.dailyStepsAchievements).toEqual([]);
    expect(after.eventParticipationDates).toEqual([]);
  });

  test('employees only: no token 401, admin 403', async () => {
    expectError(await target.call(endpoints.month, { query: november }), 401, 'UNAUTHENTICATED');
    const { accessToken } = await target.signIn(fixtureAdmin.email, fixtureAdmin.password);
    expectError(await target.call(endpoints.log, { token: accessToken, body: { name: 'Yoga', movingTime: 5, startTime: '2026-11-20' } }), 403, 'FORBIDDEN', 'This is available to employees only');
  });
});
