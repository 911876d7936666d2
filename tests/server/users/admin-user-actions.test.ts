import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { quarterlyBonuses, refreshSessions, trackerConnections, users } from '../../../server/db/schema';
import { uploadsDir } from '../../../server/photos/disk-photo-store';
import { createTestApp } from '../helpers/test-app';
import { addUser, authHeader, logActivity, logEvent, logSteps } from '../helpers/competition-seed';

type Ctx = Awaited<ReturnType<typeof createTestApp>> & { admin: { id: number; role: 'admin' | 'user' }; headers: Record<string, string> };
let ctx: Ctx;

const setup = async () => {
  const base = await createTestApp({ now: '2026-11-22T10:00:00Z' });
  const admin = await addUser(base.db, { role: 'admin' });
  ctx = { ...base, admin, headers: await authHeader(base.db, admin, base.config, base.clock.now()) };
  return ctx;
};
afterEach(async () => {
  await ctx?.app.close();
});

const rowsOf = async (table: string, userId: number) => {
  const result = await ctx.db.execute(sql.raw(`select count(*)::int as n from ${table} where user_id = ${userId}`));
  const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as { n: number }[];
  return rows[0]!.n;
};

describe('DELETE /api/users/:id', () => {
  test('removes the employee, every row of theirs and their photo file', async () => {
    const { db, app, headers, config } = await setup();
    const photo = `${'a'.repeat(32)}.png`;
    await mkdir(uploadsDir(config.dataDir), { recursive: true });
    await writeFile(join(uploadsDir(config.dataDir), photo), 'png');
    const employee = await addUser(db, { profilePicture: photo, levels: { 2026: 'Beginner' } });
    const other = await addUser(db);
    await logActivity(db, employee.id, '2026-11-01', 30);
    await logSteps(db, employee.id, '2026-11-02');
    await logEvent(db, employee.id, '2026-11-03');
    await logActivity(db, other.id, '2026-11-01', 15);
    await db.insert(quarterlyBonuses).values({ userId: employee.id, competitionYear: 2026, firstQuarter: true });
    await db
      .insert(refreshSessions)
      .values({ id: 's1', familyId: 'f1', userId: employee.id, tokenHash: 'h1', expiresAt: new Date('2027-01-01'), signedInAt: new Date('2026-11-01') });
    await db.insert(trackerConnections).values({ userId: employee.id, service: 'STRAVA', accessToken: 'token' });

    const response = await app.inject({ method: 'DELETE', url: `/api/users/${employee.id}`, headers });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const tables = [
      'user_levels',
      'activities',
      'daily_step_achievements',
      'event_participations',
      'quarterly_bonuses',
      'score_months',
      'score_years',
      'refresh_sessions',
      'tracker_connections',
    ];
    for (const table of tables) expect({ table, rows: await rowsOf(table, employee.id) }).toEqual({ table, rows: 0 });
    expect(await db.select().from(users).where(eq(users.id, employee.id))).toEqual([]);
    expect(existsSync(join(uploadsDir(config.dataDir), photo))).toBe(false);
    // Nobody else loses anything.
    expect(await rowsOf('activities', other.id)).toBe(1);
    expect(await rowsOf('score_years', other.id)).toBe(1);
    // Gone for good: a second delete is a 404.
    expect((await app.inject({ method: 'DELETE', url: `/api/users/${employee.id}`, headers })).statusCode).toBe(404);
  });

  test('an admin cannot delete themselves (readable 409) nor another admin (404)', async () => {
    const { db, app, headers, admin } = await setup();
    const self = await app.inject({ method: 'DELETE', url: `/api/users/${admin.id}`, headers });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ statusCode: 409, serverCode: 'CONFLICT', message: 'You cannot delete your own account' });
    const otherAdmin = await addUser(db, { role: 'admin' });
    expect((await app.inject({ method: 'DELETE', url: `/api/users/${otherAdmin.id}`, headers })).json()).toMatchObject({
      statusCode: 404,
      message: 'User not found',
    });
    expect((await app.inject({ method: 'DELETE', url: '/api/users/999', headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: '/api/users/abc', headers })).statusCode).toBe(400);
    expect(await db.select({ id: users.id }).from(users)).toHaveLength(2);
  });

  test('employees get 403 and guests 401', async () => {
    const { db, app, config, clock } = await setup();
    const employee = await addUser(db);
    const victim = await addUser(db);
    const asEmployee = await authHeader(db, employee, config, clock.now());
    expect((await app.inject({ method: 'DELETE', url: `/api/users/${victim.id}`, headers: asEmployee })).statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: `/api/users/${victim.id}` })).statusCode).toBe(401);
    expect(await db.select({ id: users.id }).from(users)).toHaveLength(3);
  });
});

describe('POST /api/users/:id/reset-password', () => {
  test('sends the forgot-password mail with a working single-use link', async () => {
    const { db, app, headers, mailer, config } = await setup();
    const employee = await addUser(db, { firstName: 'Rita' });
    const response = await app.inject({ method: 'POST', url: `/api/users/${employee.id}/reset-password`, headers });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: 'Reset password mail has been sent' });
    expect(mailer.sent).toHaveLength(1);
    const [mail] = mailer.sent;
    expect(mail).toMatchObject({ to: employee.email, subject: 'Reset your Wellness Challenge password' });
    expect(mail!.text).toContain('Hello Rita,');
    const token = new RegExp(`${config.appOrigin}/reset-password\\?token=(\\S+)`).exec(mail!.text)?.[1];
    expect(token).toBeTruthy();
    const check = await app.inject({ method: 'GET', url: `/api/auth/forgot-password?token=${token}` });
    expect(check.statusCode).toBe(200);
  });

  test('unknown users and admins are 404, employees 403; no mail leaves', async () => {
    const { db, app, headers, mailer, admin, config, clock } = await setup();
    expect((await app.inject({ method: 'POST', url: '/api/users/999/reset-password', headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `/api/users/${admin.id}/reset-password`, headers })).statusCode).toBe(404);
    const employee = await addUser(db);
    const asEmployee = await authHeader(db, employee, config, clock.now());
    expect((await app.inject({ method: 'POST', url: `/api/users/${employee.id}/reset-password`, headers: asEmployee })).statusCode).toBe(
      403,
    );
    expect(mailer.sent).toEqual([]);
  });
});
