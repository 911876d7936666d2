import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import {
  auditEvents,
  idempotencyKeys,
  insightMonths,
  quarterlyBonuses,
  refreshSessions,
  scoreYears,
  trackerConnections,
  users,
} from '../../../server/db/schema';
import { invitations } from '../../../server/db/access-schema';
import { rowsOf } from '../../../server/db/rows';
import { uploadsDir } from '../../../server/photos/disk-photo-store';
import { signAccessToken } from '../../../server/http/access-token';
import { SESSION_CHECK_TTL_MS } from '../../../server/http/session-liveness';
import { hashPassword } from '../../../server/passwords/argon2';
import { createTestApp } from '../helpers/test-app';
import { addUser, authHeader, logActivity, logEvent, logSteps } from '../helpers/competition-seed';

/** Account deletion (docs/product-rules.md#account-deletion): by the person or an admin, the same service. */

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
afterEach(async () => {
  await ctx?.app.close();
});

const PASSWORD = 'Correct horse 1';

/** Every table with a user_id column, from the catalogue: a table added later is covered without a change here. */
const rowsLeftOf = async (userId: number) => {
  const tables = rowsOf<{ table_name: string }>(
    await ctx.db.execute(
      sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id' order by 1`,
    ),
  ).map((row) => row.table_name);
  expect(tables.length).toBeGreaterThanOrEqual(15);
  const left: Record<string, number> = {};
  for (const table of tables) {
    const [row] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql.raw(`select count(*)::int as n from "${table}" where user_id = ${userId}`)),
    );
    if (row!.n > 0) left[table] = row!.n;
  }
  return left;
};

/** Every text value of every public table that mentions the person (name or e-mail), outside the ids. */
const mentionsOf = async (needles: string[]) => {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await ctx.db.execute(
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and data_type in ('text', 'character varying') order by 1, 2`,
    ),
  );
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    for (const needle of needles) {
      const [row] = rowsOf<{ n: number }>(
        await ctx.db.execute(
          sql.raw(`select count(*)::int as n from "${table}" where "${column}" ilike '%${needle.replace(/'/g, "''")}%'`),
        ),
      );
      if (row!.n > 0) found.push(`${table}.${column} ~ ${needle}`);
    }
  }
  return found;
};

const seedPerson = async () => {
  const photo = `${'b'.repeat(32)}.png`;
  await mkdir(uploadsDir(ctx.config.dataDir), { recursive: true });
  await writeFile(join(uploadsDir(ctx.config.dataDir), photo), 'png');
  const person = await addUser(ctx.db, { firstName: 'Zelda', lastName: 'Quintana', profilePicture: photo, levels: { 2026: 'Beginner' } });
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, person.id));
  await logActivity(ctx.db, person.id, '2026-11-01', 30);
  await logActivity(ctx.db, person.id, '2026-11-02', 45, { source: 'strava', name: 'Morning ride' });
  await logSteps(ctx.db, person.id, '2026-11-02');
  await logEvent(ctx.db, person.id, '2026-11-03', true);
  await ctx.db.insert(quarterlyBonuses).values({ userId: person.id, competitionYear: 2026, firstQuarter: true });
  await ctx.db
    .insert(refreshSessions)
    .values({ id: 's1', familyId: 'f1', userId: person.id, tokenHash: 'h1', expiresAt: new Date('2027-01-01'), signedInAt: new Date('2026-11-01') });
  await ctx.db.insert(trackerConnections).values({ userId: person.id, service: 'STRAVA', accessToken: 'sealed' });
  await ctx.db
    .insert(invitations)
    .values({
      email: person.email,
      firstName: 'Zelda',
      lastName: 'Quintana',
      levelOfCompetition: 'Beginner',
      tokenHash: 'x',
      expiresAt: new Date('2026-12-01'),
      acceptedAt: new Date('2026-05-01'),
    });
  await ctx.db
    .insert(idempotencyKeys)
    .values({
      scope: `user:${person.id}`,
      keyHash: 'k',
      requestHash: 'r',
      status: 201,
      body: '{"name":"Zelda run"}',
      createdAt: ctx.clock.now(),
    });
  return { ...person, photo };
};

describe('POST /api/privacy/account-deletion', () => {
  test('with the password: nothing of the person remains, colleagues keep everything, one anonymous audit entry is left', async () => {
    ctx = await createTestApp({ now: '2026-11-22T10:00:00Z' });
    const admin = await addUser(ctx.db, { role: 'admin' });
    const person = await seedPerson();
    const colleague = await addUser(ctx.db, { levels: { 2026: 'Beginner' } });
    await logActivity(ctx.db, colleague.id, '2026-11-01', 15);
    // An admin action about the person, written before: it names them.
    const admins = await authHeader(ctx.db, admin, ctx.config, ctx.clock.now());
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${person.id}`,
      headers: admins,
      payload: {
        firstName: 'Zelda',
        lastName: 'Quintana',
        gender: 'female',
        dateOfBirth: '1990-01-01',
        levelOfCompetition: 'Intermediate',
      },
    });
    expect(await mentionsOf(['Quintana'])).not.toEqual([]);
    const before = (await ctx.db.select().from(insightMonths)).reduce((sum, row) => sum + row.points, 0);

    const headers = await authHeader(ctx.db, person, ctx.config, ctx.clock.now());
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/privacy/account-deletion',
      headers,
      payload: { password: PASSWORD },
    });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/wc_refresh=;/);
    expect(String(response.headers['set-cookie'])).toMatch(/wc_session=;/);

    expect(await rowsLeftOf(person.id)).toEqual({});
    expect(await ctx.db.select().from(users).where(eq(users.id, person.id))).toEqual([]);
    expect(existsSync(join(uploadsDir(ctx.config.dataDir), person.photo))).toBe(false);
    expect(await mentionsOf(['Quintana', 'Zelda', person.email, 'Morning ride'])).toEqual([]);
    // Leaderboards and charts recomputed: only the colleague's points are left.
    expect((await ctx.db.select().from(scoreYears)).map((row) => row.userId)).toEqual([colleague.id]);
    const after = (await ctx.db.select().from(insightMonths)).reduce((sum, row) => sum + row.points, 0);
    expect(after).toBeLessThan(before);
    expect(after).toBe(15);
    const entries = await ctx.db.select().from(auditEvents).where(eq(auditEvents.subjectId, person.id)).orderBy(auditEvents.id);
    expect(entries.map((row) => [row.action, row.subjectName, row.subjectEmail, row.before, row.after])).toEqual([
      // The admin's edit (the level among its fields) is one entry.
      ['user.update', `Deleted account #${person.id}`, null, null, null],
      ['user.delete', `Deleted account #${person.id}`, null, null, '{"deletedBy":"self"}'],
    ]);
    // The session is gone with the account (each process re-checks a token's account within SESSION_CHECK_TTL_MS).
    await new Promise((resolve) => setTimeout(resolve, SESSION_CHECK_TTL_MS + 100));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/privacy/export', headers })).statusCode).toBe(401);
  });

  test('a missing or wrong password refuses with a readable 403 and changes nothing', async () => {
    ctx = await createTestApp();
    const person = await seedPerson();
    const headers = await authHeader(ctx.db, person, ctx.config, ctx.clock.now());
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/privacy/account-deletion', headers, payload: {} });
    expect(missing.json()).toEqual({ statusCode: 403, serverCode: 'REAUTHENTICATION_REQUIRED', message: 'Please enter your password' });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/privacy/account-deletion',
      headers,
      payload: { password: 'not it at all' },
    });
    expect(wrong.json()).toEqual({ statusCode: 403, serverCode: 'REAUTHENTICATION_REQUIRED', message: 'The password is not correct' });
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/privacy/account-deletion', headers, payload: { password: 42 } });
    expect(bad.statusCode).toBe(400);
    expect(await rowsLeftOf(person.id)).toMatchObject({ activities: 2, tracker_connections: 1 });
    expect(await ctx.db.select().from(auditEvents)).toEqual([]);
  });

  test('an account without a password (single sign-on) needs a sign-in of the last 10 minutes', async () => {
    ctx = await createTestApp({ now: '2026-11-22T10:00:00Z' });
    const person = await addUser(ctx.db);
    await ctx.db.update(users).set({ passwordHash: '' }).where(eq(users.id, person.id));
    await ctx.db
      .insert(refreshSessions)
      .values({
        id: 's1',
        familyId: 'old',
        userId: person.id,
        tokenHash: 'h1',
        createdAt: new Date('2026-11-22T09:45:00Z'),
        signedInAt: new Date('2026-11-22T09:45:00Z'),
        expiresAt: new Date('2027-01-01'),
      });
    await ctx.db
      .insert(refreshSessions)
      .values({
        id: 's2',
        familyId: 'new',
        userId: person.id,
        tokenHash: 'h2',
        createdAt: new Date('2026-11-22T09:55:00Z'),
        signedInAt: new Date('2026-11-22T09:55:00Z'),
        expiresAt: new Date('2027-01-01'),
      });
    const tokenOf = async (sid: string) => ({
      authorization: `Bearer ${await signAccessToken({ id: person.id, role: 'user', sid }, ctx.config.jwtSecret, ctx.clock.now(), 900)}`,
    });
    // (A token naming no sign-in at all never gets this far: 401, tests/security/session-liveness.test.ts.)
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/privacy/account-deletion',
      headers: await tokenOf('old'),
      payload: { password: 'anything at all' },
    });
    expect(refused.json()).toEqual({
      statusCode: 403,
      serverCode: 'REAUTHENTICATION_REQUIRED',
      message: 'Please sign in again, then delete your account within 10 minutes',
    });
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/privacy/account-deletion', headers: await tokenOf('new'), payload: {} }))
        .statusCode,
    ).toBe(204);
    expect(await rowsLeftOf(person.id)).toEqual({});
  });

  test('admins cannot use it (403), guests get 401', async () => {
    ctx = await createTestApp();
    const admin = await addUser(ctx.db, { role: 'admin' });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/privacy/account-deletion',
          headers: await authHeader(ctx.db, admin, ctx.config, ctx.clock.now()),
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/privacy/account-deletion', payload: {} })).statusCode).toBe(401);
    expect(await ctx.db.select({ id: users.id }).from(users)).toHaveLength(1);
  });
});

describe('DELETE /api/users/:id (admin) goes through the same deletion', () => {
  test('nothing of the person remains and the audit trail names no one', async () => {
    ctx = await createTestApp();
    const admin = await addUser(ctx.db, { role: 'admin' });
    const person = await seedPerson();
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${person.id}`,
      headers: await authHeader(ctx.db, admin, ctx.config, ctx.clock.now()),
    });
    expect(response.statusCode).toBe(204);
    expect(await rowsLeftOf(person.id)).toEqual({});
    expect(await mentionsOf(['Quintana', 'Zelda', person.email])).toEqual([]);
    expect(existsSync(join(uploadsDir(ctx.config.dataDir), person.photo))).toBe(false);
    const [entry] = await ctx.db.select().from(auditEvents);
    expect(entry).toMatchObject({
      action: 'user.delete',
      actorId: admin.id,
      actorRole: 'admin',
      subjectId: person.id,
      subjectName: `Deleted account #${person.id}`,
      subjectEmail: null,
      after: '{"deletedBy":"admin"}',
    });
  });

  test('the audit trail still refuses every other update', async () => {
    ctx = await createTestApp();
    const admin = await addUser(ctx.db, { role: 'admin' });
    await ctx.db
      .insert(auditEvents)
      .values({
        at: new Date(),
        actorId: admin.id,
        actorRole: 'admin',
        action: 'user.update',
        subjectId: 5,
        subjectName: 'Ann Other',
        subjectEmail: 'ann@example.com',
      });
    await expect(
      ctx.db.update(auditEvents).set({ subjectName: 'x', subjectEmail: null, before: null, after: null, address: null }),
    ).rejects.toThrow();
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('wellness.audit_anonymise', 'on', true)`);
        await tx.update(auditEvents).set({ action: 'user.delete', subjectEmail: null });
      }),
    ).rejects.toThrow();
    expect((await ctx.db.select().from(auditEvents))[0]).toMatchObject({
      subjectName: 'Ann Other',
      subjectEmail: 'ann@example.com',
      action: 'user.update',
    });
  });
});
