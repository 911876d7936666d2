import { createTestApp } from '../helpers/test-app';
import { addUser, authHeader, logActivity, logSteps } from '../helpers/competition-seed';

const NOW = '2026-11-22T10:00:00Z';

test('GET /leaders: every employee of the level, 0 points included, by annual points then name, paged', async () => {
  const { app, db, config, clock } = await createTestApp({ now: NOW });
  const admin = await addUser(db, { role: 'admin', level: 'Beginner' });
  const anna = await addUser(db, { firstName: 'Anna', lastName: 'Zed', level: 'Beginner' });
  const bob = await addUser(db, { firstName: 'Bob', lastName: 'Adams', level: 'Beginner' });
  const carl = await addUser(db, { firstName: 'Carl', lastName: 'Brown', level: 'Beginner' });
  const eve = await addUser(db, { firstName: 'Eve', lastName: 'Elite', level: 'Elite' });
  await logActivity(db, anna.id, '2026-11-03', 30); // November: counts as monthly
  await logActivity(db, anna.id, '2026-05-03', 20);
  await logSteps(db, eve.id, '2026-11-01');
  await logActivity(db, carl.id, '2026-03-10', 15); // competition year 2025 (March)

  const headers = await authHeader(db, admin, config, clock.now());
  const beginners = await app.inject({ method: 'GET', url: '/api/leaders?levelOfCompetition=Beginner', headers });
  expect(beginners.statusCode).toBe(200);
  expect(beginners.json()).toEqual({
    count: 3,
    rows: [
      { userId: anna.id, firstName: 'Anna', lastName: 'Zed', email: anna.email, levelOfCompetition: 'Beginner', annualPoints: 50, monthlyPoints: 30 },
      { userId: bob.id, firstName: 'Bob', lastName: 'Adams', email: bob.email, levelOfCompetition: 'Beginner', annualPoints: 0, monthlyPoints: 0 },
      { userId: carl.id, firstName: 'Carl', lastName: 'Brown', email: carl.email, levelOfCompetition: 'Beginner', annualPoints: 0, monthlyPoints: 0 },
    ],
  });

  const all = (await app.inject({ method: 'GET', url: '/api/leaders?limit=2&offset=0', headers })).json();
  expect(all.count).toBe(4);
  expect(all.rows.map((row: { userId: number }) => row.userId)).toEqual([anna.id, eve.id]);
  const second = (await app.inject({ method: 'GET', url: '/api/leaders?limit=2&offset=2', headers })).json();
  expect(second.rows.map((row: { userId: number }) => row.userId)).toEqual([bob.id, carl.id]);
  const beyond = (await app.inject({ method: 'GET', url: '/api/leaders?limit=2&offset=10', headers })).json();
  expect(beyond).toEqual({ rows: [], count: 4 });

  // A past year: monthly points are March's.
  const past = (await app.inject({ method: 'GET', url: '/api/leaders?competitionYear=2025&levelOfCompetition=Beginner', headers })).json();
  expect(past.rows[0]).toMatchObject({ userId: carl.id, annualPoints: 15, monthlyPoints: 15 });
  await app.close();
});

test('GET /leaders: admin only; bad filters are 400 with readable messages', async () => {
  const { app, db, config, clock } = await createTestApp({ now: NOW });
  const admin = await addUser(db, { role: 'admin' });
  const employee = await addUser(db);
  expect((await app.inject({ method: 'GET', url: '/api/leaders' })).statusCode).toBe(401);
  expect((await app.inject({ method: 'GET', url: '/api/leaders', headers: await authHeader(db, employee, config, clock.now()) })).statusCode).toBe(403);
  const headers = await authHeader(db, admin, config, clock.now());
  const cases: Array<[string, string]> = [
    ['levelOfCompetition=Expert', 'Level of competition must be Beginner, Intermediate, Advanced or Elite'],
    ['competitionYear=2021', 'Competition year must be 2022 or later'],
    ['competitionYear=2027', 'Competition year must be 2026 or earlier'],
    ['limit=101', 'Limit must be 100 or less'],
    ['limit=0', 'Limit must be 1 or more'],
    ['offset=-1', 'Offset must be 0 or more'],
  ];
  for (const [query, message] of cases) {
    const response = await app.inject({ method: 'GET', url: `/api/leaders?${query}`, headers });
    expect(response.statusCode, query).toBe(400);
    expect(response.json(), query).toMatchObject({ statusCode: 400, serverCode: 'VALIDATION_FAILED', message });
  }
  await app.close();
});

test('GET /leaders of a past year lists the employees of that year: not those who joined after it, unless they scored in it', async () => {
  const { app, db, config, clock } = await createTestApp({ now: NOW });
  const admin = await addUser(db, { role: 'admin' });
  const veteran = await addUser(db, { firstName: 'Vera', createdAt: '2024-05-01T00:00:00Z' });
  const newcomer = await addUser(db, { firstName: 'Nina', createdAt: '2026-06-01T00:00:00Z' });
  const imported = await addUser(db, { firstName: 'Ivan', createdAt: '2026-06-01T00:00:00Z' });
  await logActivity(db, imported.id, '2026-03-20', 25); // competition year 2025, logged before the account
  const headers = await authHeader(db, admin, config, clock.now());
  const idsOf = async (year: number) => (await app.inject({ method: 'GET', url: `/api/leaders?competitionYear=${year}&limit=100`, headers })).json().rows.map((row: { userId: number }) => row.userId);
  expect(await idsOf(2025)).toEqual([imported.id, veteran.id]);
  expect(await idsOf(2024)).toEqual([veteran.id]);
  expect((await idsOf(2026)).sort()).toEqual([veteran.id, newcomer.id, imported.id].sort());
  const overview = async (year: number) => (await app.inject({ method: 'GET', url: `/api/insights/overview?competitionYear=${year}`, headers })).json().trackers.employees;
  expect([await overview(2024), await overview(2025), await overview(2026)]).toEqual([1, 2, 3]);
  await app.close();
});
