import { createTestApp } from '../helpers/test-app';
import { addUser, authHeader, logActivity } from '../helpers/competition-seed';

const flags = (first: boolean, second: boolean, third: boolean, fourth: boolean) => ({ firstQuarter: first, secondQuarter: second, thirdQuarter: third, fourthQuarter: fourth });

test('PUT /users/:id/quarterly-bonus sets the flags of the bonus year and rescores at once', async () => {
  const { app, db, config, clock } = await createTestApp({ now: '2026-11-22T10:00:00Z' });
  const admin = await addUser(db, { role: 'admin' });
  const employee = await addUser(db, { level: 'Intermediate' });
  await logActivity(db, employee.id, '2026-06-01', 10);
  const headers = await authHeader(db, admin, config, clock.now());

  const response = await app.inject({ method: 'PUT', url: `/api/users/${employee.id}/quarterly-bonus`, headers, payload: { newQuarterlyBonusData: flags(true, false, true, false) } });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ id: employee.id, quarterlyBonus: flags(true, false, true, false) });

  const list = async () => (await app.inject({ method: 'GET', url: '/api/leaders?levelOfCompetition=Intermediate', headers })).json().rows[0];
  // 10 + 2 x 250; Q3's 250 lands in December, so November's monthly points stay 0.
  expect(await list()).toMatchObject({ annualPoints: 510, monthlyPoints: 0 });

  // Clearing a flag takes its points away, exactly once.
  await app.inject({ method: 'PUT', url: '/api/user/activity/quarterly-bonus', headers, payload: { userId: employee.id, newQuarterlyBonusData: flags(true, false, false, false) } });
  await app.inject({ method: 'PUT', url: '/api/user/activity/quarterly-bonus', headers, payload: { userId: employee.id, newQuarterlyBonusData: flags(true, false, false, false) } });
  expect(await list()).toMatchObject({ annualPoints: 260 });
  await app.close();
});

test('until 14 April the flags belong to the previous competition year', async () => {
  const { app, db, config, clock } = await createTestApp({ now: '2027-04-10T10:00:00Z' });
  const admin = await addUser(db, { role: 'admin' });
  const employee = await addUser(db);
  const headers = await authHeader(db, admin, config, clock.now());
  await app.inject({ method: 'PUT', url: `/api/users/${employee.id}/quarterly-bonus`, headers, payload: { newQuarterlyBonusData: flags(false, false, false, true) } });
  const past = (await app.inject({ method: 'GET', url: '/api/leaders?competitionYear=2026', headers })).json();
  // Q4 of 2026 is January-March 2027: counted in March, which is the monthly column of a past year.
  expect(past.rows.find((row: { userId: number }) => row.userId === employee.id)).toMatchObject({ annualPoints: 250, monthlyPoints: 250 });
  const current = (await app.inject({ method: 'GET', url: '/api/leaders?competitionYear=2027', headers })).json();
  expect(current.rows.find((row: { userId: number }) => row.userId === employee.id)).toMatchObject({ annualPoints: 0 });
  await app.close();
});

test('quarterly bonus: admin only, unknown or admin target is 404, bad body is 400', async () => {
  const { app, db, config, clock } = await createTestApp();
  const admin = await addUser(db, { role: 'admin' });
  const employee = await addUser(db);
  const payload = { newQuarterlyBonusData: flags(true, true, true, true) };
  expect((await app.inject({ method: 'PUT', url: `/api/users/${employee.id}/quarterly-bonus`, payload })).statusCode).toBe(401);
  const asEmployee = await authHeader(db, employee, config, clock.now());
  expect((await app.inject({ method: 'PUT', url: `/api/users/${employee.id}/quarterly-bonus`, headers: asEmployee, payload })).statusCode).toBe(403);
  expect((await app.inject({ method: 'PUT', url: '/api/user/activity/quarterly-bonus', headers: asEmployee, payload: { userId: employee.id, ...payload } })).statusCode).toBe(403);
  const headers = await authHeader(db, admin, config, clock.now());
  expect((await app.inject({ method: 'PUT', url: '/api/users/9999/quarterly-bonus', headers, payload })).statusCode).toBe(404);
  expect((await app.inject({ method: 'PUT', url: `/api/users/${admin.id}/quarterly-bonus`, headers, payload })).statusCode).toBe(404);
  const bad = await app.inject({ method: 'PUT', url: `/api/users/${employee.id}/quarterly-bonus`, headers, payload: { newQuarterlyBonusData: { firstQuarter: 'yes' } } });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().serverCode).toBe('VALIDATION_FAILED');
  await app.close();
});

test('a quarter that has not begun cannot be awarded: 409, no points, no audit entry (docs/product-rules.md, "Quarterly bonus")', async () => {
  const { app, db, config, clock } = await createTestApp({ now: '2026-11-22T10:00:00Z' });
  const admin = await addUser(db, { role: 'admin' });
  const employee = await addUser(db, { level: 'Intermediate' });
  const headers = await authHeader(db, admin, config, clock.now());
  const refused = await app.inject({ method: 'PUT', url: `/api/users/${employee.id}/quarterly-bonus`, headers, payload: { newQuarterlyBonusData: flags(false, false, true, true) } });
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toMatchObject({ serverCode: 'QUARTER_NOT_STARTED', message: 'Q4 (January - March 2027) has not started yet: a quarterly bonus can only be awarded once its quarter has begun' });
  const leaders = (await app.inject({ method: 'GET', url: '/api/leaders?levelOfCompetition=Intermediate', headers })).json();
  expect(leaders.rows.find((row: { userId: number }) => row.userId === employee.id)).toMatchObject({ annualPoints: 0 });
  const audit = (await app.inject({ method: 'GET', url: '/api/audit', headers })).json();
  expect(JSON.stringify(audit)).not.toContain('bonus.change');
  // From 1 January 2027 on, Q4 can be awarded.
  clock.set('2027-01-01T08:00:00Z');
  const later = await app.inject({ method: 'PUT', url: `/api/users/${employee.id}/quarterly-bonus`, headers: await authHeader(db, admin, config, clock.now()), payload: { newQuarterlyBonusData: flags(false, false, false, true) } });
  expect(later.statusCode).toBe(200);
  const auditAfter = (await app.inject({ method: 'GET', url: '/api/audit', headers: await authHeader(db, admin, config, clock.now()) })).json();
  expect(auditAfter.count).toBe(audit.count + 1);
  await app.close();
});
