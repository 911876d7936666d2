import { sql } from 'drizzle-orm';
import { auditEvents } from '../../../server/db/schema';
import { PASSWORD, seedUser } from '../auth/fixtures';
import { createTestApp } from '../helpers/test-app';

/** Product rules: Audit trail, on the real database: append-only, in the change's transaction, security events too. */

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestApp({ now: '2026-11-22T10:00:00Z' });
});
afterEach(async () => {
  await ctx.app.close();
});

const signIn = (email: string, password: string, ip = '10.9.9.9') => ctx.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password }, remoteAddress: ip });

test('the table refuses UPDATE and DELETE, whoever asks', async () => {
  const jane = await seedUser(ctx.db, { email: 'jane@example.com' });
  const admin = await seedUser(ctx.db, { email: 'boss@example.com', role: 'admin' });
  const token = (await signIn('boss@example.com', PASSWORD)).json().accessToken as string;
  const reset = await ctx.app.inject({ method: 'POST', url: `/api/users/${jane.id}/reset-password`, headers: { authorization: `Bearer ${token}` } });
  expect(reset.statusCode).toBe(202);
  const [entry] = await ctx.db.select().from(auditEvents);
  expect(entry).toMatchObject({ action: 'user.reset_password_mail', actorId: admin.id, subjectId: jane.id });
  const refusal = async (statement: Promise<unknown>) => {
    const error = (await statement.then(() => null, (caught: unknown) => caught)) as { message: string; cause?: { message?: string } } | null;
    return error?.cause?.message ?? error?.message;
  };
  expect(await refusal(ctx.db.execute(sql`update audit_events set action = 'user.update'`))).toMatch(/append-only/);
  expect(await refusal(ctx.db.execute(sql`delete from audit_events`))).toMatch(/append-only/);
  expect(await ctx.db.select().from(auditEvents)).toHaveLength(1);
});

test('a change that fails leaves no entry (same transaction)', async () => {
  const jane = await seedUser(ctx.db, { email: 'jane@example.com' });
  await seedUser(ctx.db, { email: 'boss@example.com', role: 'admin' });
  const token = (await signIn('boss@example.com', PASSWORD)).json().accessToken as string;
  // The entry is written first, then the row update fails (a trigger stands in for a failing write):
  // the whole transaction rolls back, the entry with it.
  await ctx.db.execute(sql`create or replace function fail_user_update() returns trigger language plpgsql as $$ begin raise exception 'disk on fire'; end $$`);
  await ctx.db.execute(sql`create trigger users_fail before update on users for each row execute function fail_user_update()`);
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/users/${jane.id}`,
    headers: { authorization: `Bearer ${token}` },
    payload: { firstName: 'Janet', lastName: 'Doe', dateOfBirth: '1990-05-01', gender: 'female', levelOfCompetition: 'Elite' },
  });
  await ctx.db.execute(sql`drop trigger users_fail on users`);
  expect(response.statusCode).toBe(500);
  expect(await ctx.db.select().from(auditEvents)).toEqual([]);
});

test('a password reset and a lockout are security events in the trail', async () => {
  const jane = await seedUser(ctx.db, { email: 'jane@example.com' });
  for (let attempt = 0; attempt < 10; attempt += 1) await signIn('jane@example.com', 'wrong-password');
  const lockouts = (await ctx.db.select().from(auditEvents)).filter((event) => event.action === 'auth.lockout');
  expect(lockouts).toHaveLength(1);
  // No person locked it: the sign-in protection did, and the entry says so.
  expect(lockouts[0]).toMatchObject({ subjectId: jane.id, actorId: null, actorSystem: 'sign-in-protection', address: '10.9.9.9' });

  await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'jane@example.com' } });
  const token = decodeURIComponent(/token=([^\s"<&]+)/.exec(ctx.mailer.sent.at(-1)!.text)![1]!);
  const reset = await ctx.app.inject({ method: 'PUT', url: `/api/auth/reset-password?token=${encodeURIComponent(token)}`, payload: { newPassword: 'a-new-password-1' } });
  expect(reset.statusCode).toBe(200);
  const resets = (await ctx.db.select().from(auditEvents)).filter((event) => event.action === 'auth.password_reset');
  // Jane reset her own password: she is the actor, not "the system".
  expect(resets).toMatchObject([{ subjectId: jane.id, subjectEmail: 'jane@example.com', actorId: jane.id, actorRole: 'user', actorSystem: null }]);
});

test('one admin edit is one entry holding exactly the fields it changed (names, level); the list names the people', async () => {
  const jane = await seedUser(ctx.db, { email: 'jane@example.com', firstName: 'Jane', lastName: 'Doe' });
  const admin = await seedUser(ctx.db, { email: 'boss@example.com', role: 'admin', firstName: 'Bo', lastName: 'Boss' });
  const token = (await signIn('boss@example.com', PASSWORD)).json().accessToken as string;
  const edit = await ctx.app.inject({
    method: 'PUT',
    url: `/api/users/${jane.id}`,
    headers: { authorization: `Bearer ${token}` },
    // Only the first name and the level differ from what seedUser stored.
    payload: { firstName: 'Janet', lastName: 'Doe', dateOfBirth: '1990-05-01', gender: 'female', levelOfCompetition: 'Elite' },
  });
  expect(edit.statusCode).toBe(200);
  const entries = await ctx.db.select().from(auditEvents);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ action: 'user.update', actorId: admin.id, actorSystem: null });
  expect(Object.keys(JSON.parse(entries[0]!.before!)).sort()).toEqual(['firstName', 'levelOfCompetition']);
  expect(JSON.parse(entries[0]!.after!)).toMatchObject({ firstName: 'Janet' });

  const list = (await ctx.app.inject({ method: 'GET', url: '/api/audit', headers: { authorization: `Bearer ${token}` } })).json() as { rows: Record<string, unknown>[] };
  expect(list.rows).toMatchObject([{ actorName: 'Bo Boss', subjectName: 'Janet Doe', subjectDeleted: false }]);
});
