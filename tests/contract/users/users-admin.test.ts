import { activityEndpoints } from '@/contract/activity';
import { authEndpoints } from '@/contract/auth';
import { leadersEndpoints } from '@/contract/leaders';
import { usersEndpoints } from '@/contract/users';
import { fixtureAdmin, fixtureEmployee, fixtureId } from '../../../mocks/fixtures';
import { expectError, expectSuccess, targets, useTarget } from '../harness';

describe.each(targets)('users management on $name', (target) => {
  useTarget(target);
  const bea = fixtureEmployee('Beginner');
  const beaId = fixtureId(bea.email);
  const admin = async () => (await target.signIn(fixtureAdmin.email, fixtureAdmin.password)).accessToken;

  test('lists employees by last name, paged', async () => {
    const token = await admin();
    const all = expectSuccess(usersEndpoints.list, await target.call(usersEndpoints.list, { token }));
    expect(all.count).toBe(5);
    expect(all.rows.map((user) => user.lastName)).toEqual(['Advanced', 'Beginner', 'Elite', 'Intermediate', 'Private']);
    const second = expectSuccess(usersEndpoints.list, await target.call(usersEndpoints.list, { token, query: { currentPage: 2, pageSize: 2 } }));
    expect(second).toMatchObject({ count: 5, rows: [{ lastName: 'Elite' }, { lastName: 'Intermediate' }] });
    expectError(await target.call(usersEndpoints.list, { token, query: { pageSize: 101 } }), 400, 'VALIDATION_FAILED', 'Page size must be 100 or less');
  });

  test('employees cannot manage users', async () => {
    const { accessToken } = await target.signIn(bea.email, bea.password);
    expectError(await target.call(usersEndpoints.list, { token: accessToken }), 403, 'FORBIDDEN', 'You do not have permission to do that');
  });

  test('one employee; an admin or unknown id is 404', async () => {
    const token = await admin();
    expect(expectSuccess(usersEndpoints.detail, await target.call(usersEndpoints.detail, { token, params: { id: beaId } }))).toMatchObject({ id: beaId, email: bea.email });
    for (const id of [1, 999]) expectError(await target.call(usersEndpoints.detail, { token, params: { id } }), 404, 'NOT_FOUND', 'User not found');
    expectError(await target.call(usersEndpoints.detail, { token, params: { id: 'abc' } }), 400, 'VALIDATION_FAILED');
  });

  test('update writes the fields and the level; bad input is a field issue', async () => {
    const token = await admin();
    const body = { firstName: 'Beatrice', lastName: 'Beginner', dateOfBirth: '1992-03-08', gender: 'female', levelOfCompetition: 'Advanced' };
    const updated = expectSuccess(usersEndpoints.update, await target.call(usersEndpoints.update, { token, params: { id: beaId }, body }));
    expect(updated).toMatchObject({ id: beaId, firstName: 'Beatrice', levelOfCompetition: 'Advanced' });
    const bad = expectError(await target.call(usersEndpoints.update, { token, params: { id: beaId }, body: { ...body, firstName: ' ', gender: 'x' } }), 400, 'VALIDATION_FAILED');
    expect(bad.issues).toEqual([
      { path: 'firstName', message: 'Please enter your first name' },
      { path: 'gender', message: 'Please select your gender' },
    ]);
    expectError(await target.call(usersEndpoints.update, { token, params: { id: 1 }, body }), 404, 'NOT_FOUND', 'User not found');
  });

  test('delete removes the employee; an admin cannot delete themself', async () => {
    const token = await admin();
    expectError(await target.call(usersEndpoints.remove, { token, params: { id: 1 } }), 409, 'CONFLICT', 'You cannot delete your own account');
    expectSuccess(usersEndpoints.remove, await target.call(usersEndpoints.remove, { token, params: { id: beaId } }));
    expectError(await target.call(usersEndpoints.detail, { token, params: { id: beaId } }), 404, 'NOT_FOUND');
    expectError(await target.call(authEndpoints.signin, { body: { email: bea.email, password: bea.password } }), 401, 'INVALID_CREDENTIALS');
    expect(expectSuccess(usersEndpoints.list, await target.call(usersEndpoints.list, { token })).count).toBe(4);
  });

  test('reset password by e-mail sends the forgot-password mail', async () => {
    const token = await admin();
    const response = await target.call(usersEndpoints.sendResetMail, { token, params: { id: beaId } });
    expect(expectSuccess(usersEndpoints.sendResetMail, response)).toEqual({ message: 'Reset password mail has been sent' });
    const resetToken = target.resetTokenFor(bea.email)!;
    expectSuccess(authEndpoints.checkResetToken, await target.call(authEndpoints.checkResetToken, { query: { token: resetToken } }));
    expectError(await target.call(usersEndpoints.sendResetMail, { token, params: { id: 999 } }), 404, 'NOT_FOUND', 'User not found');
  });

  test('reset mails to one employee are limited to 5 an hour (429 with Retry-After); others still get theirs', async () => {
    const token = await admin();
    for (let sent = 1; sent <= 5; sent += 1) expectSuccess(usersEndpoints.sendResetMail, await target.call(usersEndpoints.sendResetMail, { token, params: { id: beaId } }));
    const limited = await target.call(usersEndpoints.sendResetMail, { token, params: { id: beaId } });
    expectError(limited, 429, 'RATE_LIMITED', 'Too many attempts. Please try again in 60 minutes.');
    expect(limited.headers['retry-after']).toBe('3600');
    const others = expectSuccess(usersEndpoints.list, await target.call(usersEndpoints.list, { token })).rows.filter((row) => row.id !== beaId);
    expectSuccess(usersEndpoints.sendResetMail, await target.call(usersEndpoints.sendResetMail, { token, params: { id: others[0]!.id } }));
  });

  test("an employee's workouts, events and achievements, newest first", async () => {
    const { accessToken: own } = await target.signIn(bea.email, bea.password);
    for (const [day, minutes] of [['2026-11-18', 30], ['2026-11-20', 45]] as const) {
      expectSuccess(activityEndpoints.log, await target.call(activityEndpoints.log, { token: own, body: { name: 'Running', movingTime: minutes, startTime: `${day}T07:30:00.000Z` } }));
      expectSuccess(activityEndpoints.addSteps, await target.call(activityEndpoints.addSteps, { token: own, body: { date: day } }));
      expectSuccess(activityEndpoints.logEvent, await target.call(activityEndpoints.logEvent, { token: own, body: { name: `Race ${day}`, isInTheTopThree: minutes > 40, date: day } }));
    }
    const token = await admin();
    const params = { id: beaId };
    const workouts = expectSuccess(usersEndpoints.workouts, await target.call(usersEndpoints.workouts, { token, params, query: { pageSize: 1 } }));
    expect(workouts).toEqual({ count: 2, rows: [{ id: 2, name: 'Running', movingTime: 45, startDate: '2026-11-20T07:30:00.000Z', points: 45, importedFromStrava: false }] });
    const events = expectSuccess(usersEndpoints.eventParticipation, await target.call(usersEndpoints.eventParticipation, { token, params }));
    expect(events.rows.map((row) => [row.date, row.isInTheTopThree])).toEqual([['2026-11-20', true], ['2026-11-18', false]]);
    const steps = expectSuccess(usersEndpoints.dailyAchievements, await target.call(usersEndpoints.dailyAchievements, { token, params, query: { page: 2, pageSize: 1 } }));
    expect(steps).toEqual({ count: 2, rows: [{ id: 1, date: '2026-11-18', isDailyStepsBonus: true }] });
    expectError(await target.call(usersEndpoints.workouts, { token, params: { id: 999 } }), 404, 'NOT_FOUND', 'User not found');
  });

  test("an admin's level change shows on the year's leaderboard lists", async () => {
    const token = await admin();
    const body = { firstName: bea.firstName, lastName: bea.lastName, dateOfBirth: '1992-03-08', gender: 'female', levelOfCompetition: 'Elite' };
    expectSuccess(usersEndpoints.update, await target.call(usersEndpoints.update, { token, params: { id: beaId }, body }));
    const elite = expectSuccess(leadersEndpoints.list, await target.call(leadersEndpoints.list, { token, query: { levelOfCompetition: 'Elite' } }));
    expect(elite.rows.map((row) => row.userId)).toContain(beaId);
    const beginners = expectSuccess(leadersEndpoints.list, await target.call(leadersEndpoints.list, { token, query: { levelOfCompetition: 'Beginner' } }));
    expect(beginners.rows.map((row) => row.userId)).not.toContain(beaId);
  });

  test('every admin users endpoint answers 403 to employees and 401 to guests', async () => {
    const { accessToken: employee } = await target.signIn(bea.email, bea.password);
    const id = fixtureId('ivan@wellness.test');
    const body = { firstName: 'X', lastName: 'Y', dateOfBirth: '1990-01-01', gender: 'male', levelOfCompetition: 'Elite' };
    const calls = [
      (token?: string) => target.call(usersEndpoints.list, { token }),
      (token?: string) => target.call(usersEndpoints.detail, { token, params: { id } }),
      (token?: string) => target.call(usersEndpoints.update, { token, params: { id }, body }),
      (token?: string) => target.call(usersEndpoints.remove, { token, params: { id } }),
      (token?: string) => target.call(usersEndpoints.sendResetMail, { token, params: { id } }),
      (token?: string) => target.call(usersEndpoints.workouts, { token, params: { id } }),
      (token?: string) => target.call(usersEndpoints.eventParticipation, { token, params: { id } }),
      (token?: string) => target.call(usersEndpoints.dailyAchievements, { token, params: { id } }),
    ];
    for (const call of calls) {
      expectError(await call(employee), 403, 'FORBIDDEN');
      expectError(await call(), 401, 'UNAUTHENTICATED');
    }
    expect(target.mails()).toEqual([]);
  });
});
