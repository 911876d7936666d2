import { eq } from 'drizzle-orm';
import { activities, userLevels, users } from '../../../server/db/schema';
import { rescoreUserYear } from '../../../server/modules/scoring/repo';
import { createTestApp } from '../helpers/test-app';
import { addUser, authHeader, logActivity, logEvent, logSteps } from '../helpers/competition-seed';

const NOW = '2026-11-22T10:00:00Z';

test('GET /leaders/top: per level, points > 0, employees only, ties by the earlier last scoring day', async () => {
  const { app, db, config, clock } = await createTestApp({ now: NOW });
  const admin = await addUser(db, { role: 'admin', level: 'Elite' });
  const early = await addUser(db, { firstName: 'Early', level: 'Beginner', profilePicture: 'p.png' });
  const late = await addUser(db, { firstName: 'Late', level: 'Beginner' });
  const top = await addUser(db, { firstName: 'Top', level: 'Beginner' });
  const elite = await addUser(db, { firstName: 'Elite', level: 'Elite' });
  await addUser(db, { firstName: 'Zero', level: 'Beginner' });
  await logActivity(db, early.id, '2026-05-01', 60);
  await logActivity(db, late.id, '2026-06-01', 60);
  await logSteps(db, top.id, '2026-07-01'); // 30
  await logEvent(db, top.id, '2026-07-02', true); // 90
  await logActivity(db, elite.id, '2026-10-01', 5);
  await logActivity(db, admin.id, '2026-10-01', 500);

  const response = await app.inject({ method: 'GET', url: '/api/leaders/top', headers: await authHeader(db, early, config, clock.now()) });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.Beginner).toEqual([
    { userId: top.id, firstName: 'Top', lastName: top.lastName, profilePicture: null, annualPoints: 120 },
    { userId: early.id, firstName: 'Early', lastName: early.lastName, profilePicture: '/api/uploads/p.png', annualPoints: 60 },
    { userId: late.id, firstName: 'Late', lastName: late.lastName, profilePicture: null, annualPoints: 60 },
  ]);
  expect(body.Elite).toEqual([expect.objectContaining({ userId: elite.id, annualPoints: 5 })]);
  expect(body.Intermediate).toEqual([]);
  expect(body.Advanced).toEqual([]);
  await app.close();
});

test('GET /leaders/top keeps at most 10 per level and uses the level of that competition year', async () => {
  const { app, db, config, clock } = await createTestApp({ now: NOW });
  const viewer = await addUser(db);
  for (let index = 1; index <= 12; index += 1) {
    const user = await addUser(db, { level: 'Advanced' });
    await logActivity(db, user.id, '2026-05-01', index);
  }
  // Moved up in 2026: Intermediate in 2024 and 2025, Elite from 2026 on.
  const mover = await addUser(db, { level: 'Elite', levels: { 2024: 'Intermediate', 2026: 'Elite' } });
  await logActivity(db, mover.id, '2025-05-01', 40);
  await logActivity(db, mover.id, '2026-05-01', 50);
  // Only a 2027 row: the earliest row counts for earlier years.
  const newcomer = await addUser(db, { level: 'Beginner', levels: { 2027: 'Advanced' } });
  await logActivity(db, newcomer.id, '2025-06-01', 7);

  const headers = await authHeader(db, viewer, config, clock.now());
  const current = (await app.inject({ method: 'GET', url: '/api/leaders/top', headers })).json();
  expect(current.Advanced.map((leader: { annualPoints: number }) => leader.annualPoints)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  expect(current.Elite).toEqual([expect.objectContaining({ userId: mover.id, annualPoints: 50 })]);

  const past = (await app.inject({ method: 'GET', url: '/api/leaders/top?competitionYear=2025', headers })).json();
  expect(past.Intermediate).toEqual([expect.objectContaining({ userId: mover.id, annualPoints: 40 })]);
  expect(past.Elite).toEqual([]);
  expect(past.Advanced).toEqual([expect.objectContaining({ userId: newcomer.id, annualPoints: 7 })]);

  // Both years asked at once, several times each: the reads of one turn share one statement per
  // year (tick-batch.ts), and each caller still gets the year it asked for.
  const years = ['', '?competitionYear=2025', '', '?competitionYear=2025', '?competitionYear=2026'];
  const together = await Promise.all(years.map((query) => app.inject({ method: 'GET', url: `/api/leaders/top${query}`, headers })));
  expect(together.map((response) => response.json())).toEqual(years.map((query) => (query.endsWith('2025') ? past : current)));
  await app.close();
});

test('GET /leaders/top: any signed-in user; bad years are 400 with a readable message; no token is 401', async () => {
  const { app, db, config, clock } = await createTestApp({ now: NOW });
  const admin = await addUser(db, { role: 'admin' });
  const headers = await authHeader(db, admin, config, clock.now());
  expect((await app.inject({ method: 'GET', url: '/api/leaders/top?competitionYear=2022', headers })).statusCode).toBe(200);
  const early = await app.inject({ method: 'GET', url: '/api/leaders/top?competitionYear=2021', headers });
  expect(early.statusCode).toBe(400);
  expect(early.json()).toMatchObject({ serverCode: 'VALIDATION_FAILED', message: 'Competition year must be 2022 or later' });
  const future = await app.inject({ method: 'GET', url: '/api/leaders/top?competitionYear=2027', headers });
  expect(future.statusCode).toBe(400);
  expect(future.json().message).toBe('Competition year must be 2026 or earlier');
  expect((await app.inject({ method: 'GET', url: '/api/leaders/top?competitionYear=abc', headers })).statusCode).toBe(400);
  expect((await app.inject({ method: 'GET', url: '/api/leaders/top' })).statusCode).toBe(401);
  await app.close();
});

test('a level change by an admin moves existing standings at once (rescored in the same transaction)', async () => {
  const { app, db, config, clock } = await createTestApp({ now: NOW });
  const viewer = await addUser(db);
  const admin = await addUser(db, { role: 'admin' });
  const mover = await addUser(db, { level: 'Beginner', levels: { 2026: 'Beginner' } });
  const plain = await addUser(db, { level: 'Beginner' });
  await logActivity(db, mover.id, '2026-05-01', 30);
  await logActivity(db, plain.id, '2026-05-01', 20);
  const headers = await authHeader(db, viewer, config, clock.now());
  const top = async () => (await app.inject({ method: 'GET', url: '/api/leaders/top', headers })).json();

  const adminHeaders = await authHeader(db, admin, config, clock.now());
  const setLevel = async (person: typeof mover, levelOfCompetition: string) => {
    const payload = { firstName: person.firstName, lastName: person.lastName, dateOfBirth: '1990-01-01', gender: 'other', levelOfCompetition };
    expect((await app.inject({ method: 'PUT', url: `/api/users/${person.id}`, headers: adminHeaders, payload })).statusCode).toBe(200);
  };
  await setLevel(mover, 'Elite');
  await setLevel(plain, 'Advanced');
  const after = await top();
  expect(after.Elite).toEqual([expect.objectContaining({ userId: mover.id, annualPoints: 30 })]);
  expect(after.Advanced).toEqual([expect.objectContaining({ userId: plain.id, annualPoints: 20 })]);
  expect(after.Beginner).toEqual([]);

  // A row for an earlier year does not change this year's level of a user with a row for this year.
  await db.insert(userLevels).values({ userId: mover.id, competitionYear: 2025, levelOfCompetition: 'Intermediate' });
  await rescoreUserYear(db, mover.id, 2026);
  expect((await top()).Elite).toEqual([expect.objectContaining({ userId: mover.id })]);
  await app.close();
});

test('deleting an employee removes their standings (cascade)', async () => {
  const { app, db, config, clock } = await createTestApp({ now: NOW });
  const viewer = await addUser(db);
  const gone = await addUser(db, { levels: { 2025: 'Beginner', 2026: 'Beginner' } });
  await logActivity(db, gone.id, '2026-05-01', 30);
  await db.delete(users).where(eq(users.id, gone.id));
  const top = (await app.inject({ method: 'GET', url: '/api/leaders/top', headers: await authHeader(db, viewer, config, clock.now()) })).json();
  expect(top.Beginner).toEqual([]);
  await app.close();
});

test('names, pictures, roles and deleted activities reach the top at once', async () => {
  const { app, db, config, clock } = await createTestApp({ now: NOW });
  const viewer = await addUser(db);
  const runner = await addUser(db, { firstName: 'Runner', level: 'Advanced' });
  const walker = await addUser(db, { firstName: 'Walker', level: 'Advanced' });
  await logActivity(db, runner.id, '2026-05-01', 50);
  await logActivity(db, walker.id, '2026-05-02', 40);
  const advanced = async () =>
    (await app.inject({ method: 'GET', url: '/api/leaders/top', headers: await authHeader(db, viewer, config, clock.now()) })).json().Advanced as Array<{ userId: number; firstName: string; profilePicture: string | null; annualPoints: number }>;

  await db.update(users).set({ firstName: 'Renamed', profilePicture: 'new.png' }).where(eq(users.id, runner.id));
  expect((await advanced())[0]).toEqual(expect.objectContaining({ userId: runner.id, firstName: 'Renamed', profilePicture: '/api/uploads/new.png', annualPoints: 50 }));

  // Not a product path (roles do not change), but the top lists employees only, whatever the score rows say.
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, runner.id));
  expect((await advanced()).map((leader) => leader.userId)).toEqual([walker.id]);

  await db.transaction(async (tx) => {
    await tx.delete(activities).where(eq(activities.userId, walker.id));
    await rescoreUserYear(tx, walker.id, 2026);
  });
  expect(await advanced()).toEqual([]);
  await app.close();
});
