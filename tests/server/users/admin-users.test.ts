import { and, eq } from 'drizzle-orm';
import { quarterlyBonuses, userLevels, users } from '../../../server/db/schema';
import { createTestApp } from '../helpers/test-app';
import { addUser, authHeader, logActivity } from '../helpers/competition-seed';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

const setup = async (now = '2026-11-22T10:00:00Z') => {
  const ctx = await createTestApp({ now });
  const admin = await addUser(ctx.db, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  const headers = await authHeader(ctx.db, admin, ctx.config, ctx.clock.now());
  return { ...ctx, admin, headers };
};

const validUpdate = { firstName: 'Bea', lastName: 'Baker', gender: 'female', dateOfBirth: '1990-02-03', levelOfCompetition: 'Advanced' };

let ctx: Ctx & { admin: { id: number }; headers: Record<string, string> };
afterEach(async () => {
  await ctx?.app.close();
});

describe('GET /api/users', () => {
  test('lists employees only, by last name then first name, paged in SQL with the total count', async () => {
    ctx = await setup();
    const { db, app, headers } = ctx;
    await addUser(db, { firstName: 'Zoe', lastName: 'Brown' });
    await addUser(db, { firstName: 'Amy', lastName: 'Brown' });
    await addUser(db, { firstName: 'Carl', lastName: 'Adams' });
    await addUser(db, { role: 'admin', firstName: 'Other', lastName: 'Aaron' });
    const first = await app.inject({ method: 'GET', url: '/api/users?pageSize=2&currentPage=1', headers });
    expect(first.statusCode).toBe(200);
    expect(first.json().count).toBe(3);
    expect(first.json().rows.map((row: { firstName: string }) => row.firstName)).toEqual(['Carl', 'Amy']);
    const second = (await app.inject({ method: 'GET', url: '/api/users?pageSize=2&currentPage=2', headers })).json();
    expect(second).toMatchObject({ count: 3, rows: [{ firstName: 'Zoe', lastName: 'Brown', role: 'user' }] });
    expect(second.rows[0]).not.toHaveProperty('passwordHash');
    const beyond = (await app.inject({ method: 'GET', url: '/api/users?pageSize=2&currentPage=9', headers })).json();
    expect(beyond).toMatchObject({ rows: [], count: 3 });
  });

  test('carries the quarterly bonus flags of the bonus year', async () => {
    ctx = await setup();
    const employee = await addUser(ctx.db);
    await ctx.db.insert(quarterlyBonuses).values([
      { userId: employee.id, competitionYear: 2026, secondQuarter: true },
      { userId: employee.id, competitionYear: 2025, firstQuarter: true },
    ]);
    const body = (await ctx.app.inject({ method: 'GET', url: '/api/users', headers: ctx.headers })).json();
    expect(body.rows[0].quarterlyBonus).toEqual({ firstQuarter: false, secondQuarter: true, thirdQuarter: false, fourthQuarter: false });
  });

  test('bad paging is a readable 400; employees get 403 and guests 401', async () => {
    ctx = await setup();
    const employee = await addUser(ctx.db);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/users?pageSize=0', headers: ctx.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ serverCode: 'VALIDATION_FAILED', message: 'Page size must be 1 or more' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users?currentPage=abc', headers: ctx.headers })).statusCode).toBe(400);
    const asEmployee = await authHeader(ctx.db, employee, ctx.config, ctx.clock.now());
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users', headers: asEmployee })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
  });
});

describe('GET /api/users/:id', () => {
  test('returns the employee; unknown ids and admins are 404', async () => {
    ctx = await setup();
    const employee = await addUser(ctx.db, { firstName: 'Ivy' });
    const ok = await ctx.app.inject({ method: 'GET', url: `/api/users/${employee.id}`, headers: ctx.headers });
    expect(ok.json()).toMatchObject({ id: employee.id, firstName: 'Ivy' });
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/users/999', headers: ctx.headers });
    expect(unknown.json()).toEqual({ statusCode: 404, serverCode: 'NOT_FOUND', message: 'User not found' });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/users/${ctx.admin.id}`, headers: ctx.headers })).statusCode).toBe(404);
  });
});

describe('PUT /api/users/:id', () => {
  test('updates the fields and the level of the current competition year only, outside the employee window', async () => {
    ctx = await setup(); // 22 November: employees could not change their level now
    const employee = await addUser(ctx.db, { level: 'Beginner', levels: { 2025: 'Beginner', 2026: 'Beginner' } });
    const response = await ctx.app.inject({ method: 'PUT', url: `/api/users/${employee.id}`, headers: ctx.headers, payload: validUpdate });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: employee.id, ...validUpdate, email: employee.email });
    const levels = await ctx.db.select().from(userLevels).where(eq(userLevels.userId, employee.id));
    expect(Object.fromEntries(levels.map((row) => [row.competitionYear, row.levelOfCompetition]))).toEqual({
      2025: 'Beginner',
      2026: 'Advanced',
    });
  });

  test("moves the employee's points to the new level's leaderboard at once", async () => {
    ctx = await setup();
    const employee = await addUser(ctx.db, { level: 'Beginner', levels: { 2026: 'Beginner' } });
    await logActivity(ctx.db, employee.id, '2026-11-01', 40);
    const top = async () => (await ctx.app.inject({ method: 'GET', url: '/api/leaders/top', headers: ctx.headers })).json();
    expect((await top()).Beginner).toEqual([expect.objectContaining({ userId: employee.id, annualPoints: 40 })]);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${employee.id}`,
      headers: ctx.headers,
      payload: { ...validUpdate, levelOfCompetition: 'Elite' },
    });
    const after = await top();
    expect(after.Beginner).toEqual([]);
    expect(after.Elite).toEqual([expect.objectContaining({ userId: employee.id, annualPoints: 40 })]);
  });

  test('creates the level row of the year when it is missing', async () => {
    ctx = await setup();
    const employee = await addUser(ctx.db);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${employee.id}`,
      headers: ctx.headers,
      payload: { ...validUpdate, levelOfCompetition: 'Elite' },
    });
    const [row] = await ctx.db
      .select()
      .from(userLevels)
      .where(and(eq(userLevels.userId, employee.id), eq(userLevels.competitionYear, 2026)));
    expect(row?.levelOfCompetition).toBe('Elite');
  });

  test('rejects bad input with the form messages and changes nothing', async () => {
    ctx = await setup();
    const employee = await addUser(ctx.db, { firstName: 'Keep' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...validUpdate, firstName: '  ' }, 'firstName', 'Please enter your first name'],
      [{ ...validUpdate, lastName: undefined }, 'lastName', 'Please enter your last name'],
      [{ ...validUpdate, dateOfBirth: '2999-01-01' }, 'dateOfBirth', 'Please enter choose your date of birth'],
      [{ ...validUpdate, gender: 'robot' }, 'gender', 'Please select your gender'],
      [{ ...validUpdate, levelOfCompetition: 'Pro' }, 'levelOfCompetition', 'Please select your level of competition'],
    ];
    for (const [payload, path, message] of cases) {
      const response = await ctx.app.inject({ method: 'PUT', url: `/api/users/${employee.id}`, headers: ctx.headers, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toContainEqual({ path, message });
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.id, employee.id));
    expect(row).toMatchObject({ firstName: 'Keep', levelOfCompetition: 'Beginner' });
  });

  test('unknown users and admins are 404; employees 403', async () => {
    ctx = await setup();
    const employee = await addUser(ctx.db);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/users/999', headers: ctx.headers, payload: validUpdate })).statusCode).toBe(
      404,
    );
    expect(
      (await ctx.app.inject({ method: 'PUT', url: `/api/users/${ctx.admin.id}`, headers: ctx.headers, payload: validUpdate })).statusCode,
    ).toBe(404);
    const asEmployee = await authHeader(ctx.db, employee, ctx.config, ctx.clock.now());
    expect(
      (await ctx.app.inject({ method: 'PUT', url: `/api/users/${employee.id}`, headers: asEmployee, payload: validUpdate })).statusCode,
    ).toBe(403);
  });
});
