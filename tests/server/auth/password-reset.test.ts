import { eq } from 'drizzle-orm';
import { passwordResetTokens, refreshSessions, users } from '../../../server/db/schema';
import { verifyPassword } from '../../../server/passwords/argon2';
import { createTestApp, testDatabase } from '../helpers/test-app';
import { PASSWORD, cookieHeader, refreshCookie, seedUser, snapshot } from './fixtures';

// Opening PGlite takes seconds on a busy machine: do it in a hook (60 s budget), not in the first test.
beforeAll(async () => {
  await testDatabase();
});

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

const FORGOT_MESSAGE = 'If an account exists for this email, a reset link has been sent';
const INVALID_TOKEN = { statusCode: 400, serverCode: 'INVALID_RESET_TOKEN', message: 'This reset link is invalid or has expired' };

const forgot = (app: App, email: unknown) => app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
const check = (app: App, token: string) => app.inject({ method: 'GET', url: `/api/auth/forgot-password?token=${encodeURIComponent(token)}` });
const reset = (app: App, token: string, newPassword: unknown) =>
  app.inject({ method: 'PUT', url: `/api/auth/reset-password?token=${encodeURIComponent(token)}`, payload: { newPassword } });
const signin = (app: App, password: string) => app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'jane@example.com', password } });

/** Requests a reset mail and returns the token from its link. */
const requestToken = async (context: Awaited<ReturnType<typeof createTestApp>>) => {
  expect((await forgot(context.app, 'jane@example.com')).statusCode).toBe(202);
  const mail = context.mailer.sent.at(-1)!;
  const link = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)!;
  return link[1]!;
};

describe('POST /api/auth/forgot-password', () => {
  test('an existing account gets a mail with a 256-bit single-use link; the token is stored hashed', async () => {
    const context = await createTestApp();
    const user = await seedUser(context.db);
    const response = await forgot(context.app, 'Jane@Example.com');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: FORGOT_MESSAGE });
    expect(context.mailer.sent).toHaveLength(1);
    const mail = context.mailer.sent[0]!;
    expect(mail.to).toBe('jane@example.com');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [row] = await context.db.select().from(passwordResetTokens);
    expect(row).toMatchObject({ userId: user.id, usedAt: null });
    expect(row!.tokenHash).not.toBe(token);
    expect(row!.expiresAt.getTime() - context.clock.now().getTime()).toBe(60 * 60 * 1000);
    await context.app.close();
  });

  test('an unknown e-mail gets the same answer and nothing is stored or sent', async () => {
    const { app, db, mailer } = await createTestApp();
    await seedUser(db);
    const before = await snapshot(db);
    const response = await forgot(app, 'nobody@example.com');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: FORGOT_MESSAGE });
    expect(mailer.sent).toEqual([]);
    expect(await snapshot(db)).toEqual(before);
    await app.close();
  });

  test.each([
    ['missing', undefined, 'Please enter your email'],
    ['invalid', 'not-an-email', 'Email is invalid'],
    ['a number', 42, 'Please enter your email'],
  ])('%s e-mail -> 400 VALIDATION_FAILED', async (_, email, message) => {
    const { app, db, mailer } = await createTestApp();
    await seedUser(db);
    const before = await snapshot(db);
    const response = await forgot(app, email);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, serverCode: 'VALIDATION_FAILED', message });
    expect(mailer.sent).toEqual([]);
    expect(await snapshot(db)).toEqual(before);
    await app.close();
  });

  test('rate limited per account: the 6th request in an hour is 429 with Retry-After, for unknown e-mails too', async () => {
    const { app, db, mailer, clock } = await createTestApp();
    await seedUser(db);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await forgot(app, 'jane@example.com')).statusCode).toBe(202);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await forgot(app, 'nobody@example.com')).statusCode).toBe(202);
    clock.advance(30 * 60 * 1000);
    const before = await snapshot(db);
    for (const email of ['jane@example.com', 'nobody@example.com']) {
      const limited = await forgot(app, email);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe(String(30 * 60));
      expect(limited.json()).toEqual({ statusCode: 429, serverCode: 'RATE_LIMITED', message: 'Too many attempts. Please try again in 30 minutes.' });
    }
    expect(await snapshot(db)).toEqual(before);
    expect(mailer.sent).toHaveLength(5);
    await app.close();
  });
});

describe('GET /api/auth/forgot-password?token and PUT /api/auth/reset-password?token', () => {
  test('a fresh token checks valid, sets the password once, and signs out every device', async () => {
    const context = await createTestApp();
    const { app, db } = context;
    const user = await seedUser(db);
    const deviceA = refreshCookie(await signin(app, PASSWORD))!.value;
    const deviceB = refreshCookie(await signin(app, PASSWORD))!.value;
    const token = await requestToken(context);
    const older = await requestToken(context);

    const checked = await check(app, token);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ valid: true });

    const response = await reset(app, token, 'a brand new password');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your password has been changed' });
    const [stored] = await db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(stored!.passwordHash, 'a brand new password')).toBe(true);

    expect((await signin(app, PASSWORD)).json()).toMatchObject({ serverCode: 'INVALID_CREDENTIALS' });
    expect((await signin(app, 'a brand new password')).statusCode).toBe(200);
    for (const device of [deviceA, deviceB]) {
      const refreshed = await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: cookieHeader(device) });
      expect(refreshed.json()).toMatchObject({ statusCode: 401, serverCode: 'SESSION_REVOKED' });
    }
    const sessions = await db.select().from(refreshSessions);
    expect(sessions.filter((session) => session.revokedAt === null)).toHaveLength(1); // the sign-in after the reset
    // Used token and the user's other outstanding link both stop working.
    expect((await check(app, token)).json()).toEqual(INVALID_TOKEN);
    expect((await check(app, older)).json()).toEqual(INVALID_TOKEN);
    await app.close();
  });

  test('reused, expired and unknown tokens -> 400 INVALID_RESET_TOKEN, nothing changed', async () => {
    const context = await createTestApp();
    const { app, db, clock } = context;
    await seedUser(db);
    const used = await requestToken(context);
    expect((await reset(app, used, 'first new password')).statusCode).toBe(200);
    const expiring = await requestToken(context);
    clock.advance(60 * 60 * 1000 + 1);

    const before = await snapshot(db);
    for (const token of [used, expiring, 'unknown-token', 'x'.repeat(256)]) {
      expect((await check(app, token)).json()).toEqual(INVALID_TOKEN);
      const response = await reset(app, token, 'another new password');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID_TOKEN);
    }
    expect(await snapshot(db)).toEqual(before);
    await app.close();
  });

  test('bad input -> 400 VALIDATION_FAILED and the token stays usable', async () => {
    const context = await createTestApp();
    const { app, db } = context;
    await seedUser(db);
    const token = await requestToken(context);
    const before = await snapshot(db);
    const cases: [Promise<{ statusCode: number; json: () => unknown }>, string][] = [
      [reset(app, token, 'short'), 'Password must be at least 8 characters'],
      [reset(app, token, undefined), 'Please enter your password'],
      [reset(app, token, 12345678), 'Please enter your password'],
      [reset(app, token, 'x'.repeat(129)), 'Password must be at most 128 characters'],
      [app.inject({ method: 'PUT', url: '/api/auth/reset-password', payload: { newPassword: 'long enough password' } }), 'Reset token is required'],
      [app.inject({ method: 'GET', url: '/api/auth/forgot-password' }), 'Reset token is required'],
      [check(app, 'x'.repeat(257)), 'Reset token is invalid'],
    ];
    for (const [pending, message] of cases) {
      const response = await pending;
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, serverCode: 'VALIDATION_FAILED', message });
    }
    expect(await snapshot(db)).toEqual(before);
    expect((await check(app, token)).statusCode).toBe(200);
    await app.close();
  });

  test('two resets with one token at once: exactly one succeeds', async () => {
    const context = await createTestApp();
    await seedUser(context.db);
    const token = await requestToken(context);
    const statuses = (await Promise.all([reset(context.app, token, 'password number one'), reset(context.app, token, 'password number two')]))
      .map((response) => response.statusCode)
      .sort();
    expect(statuses).toEqual([200, 400]);
    await context.app.close();
  });
});
