import { eq } from 'drizzle-orm';
import { verifyAccessToken } from '../../../server/http/access-token';
import { sha256 } from '../../../server/http/tokens';
import { rateLimits, refreshSessions } from '../../../server/db/schema';
import { pruneExpiredAuthRows } from '../../../server/modules/auth/repo';
import { AuthSession } from '@/contract/auth';
import { createTestApp, testDatabase } from '../helpers/test-app';
import { PASSWORD, cookieHeader, refreshCookie, seedUser, snapshot } from './fixtures';

// Opening PGlite takes seconds on a busy machine: do it in a hook (60 s budget), not in the first test.
beforeAll(async () => {
  await testDatabase();
});

const signin = (app: Awaited<ReturnType<typeof createTestApp>>['app'], payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/signin', payload: payload as object, headers });

describe('POST /api/auth/signin', () => {
  test('good credentials return the session and set the refresh cookie', async () => {
    const { app, db, clock, config } = await createTestApp();
    const user = await seedUser(db);
    const response = await signin(app, { email: '  JANE@example.com ', password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = AuthSession.parse(response.json());
    expect(body.user).toMatchObject({ id: user.id, role: 'user', email: 'jane@example.com', firstName: 'Jane', profilePicture: null });
    expect(body.user).not.toHaveProperty('passwordHash');
    const sessions0 = await db.select().from(refreshSessions);
    // The token names its sign-in (the refresh family), so ending that sign-in ends the token.
    expect(await verifyAccessToken(body.accessToken, config.jwtSecret, clock.now())).toEqual({ id: user.id, role: 'user', sid: sessions0[0]!.familyId });
    const cookie = refreshCookie(response)!;
    expect(cookie).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Strict', maxAge: 30 * 24 * 60 * 60 });
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const sessions = await db.select().from(refreshSessions);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.tokenHash).not.toContain(cookie.value); // stored hashed only
    await app.close();
  });

  test('the access token expires after 15 minutes', async () => {
    const { app, db, clock, config } = await createTestApp();
    await seedUser(db);
    const { accessToken } = (await signin(app, { email: 'jane@example.com', password: PASSWORD })).json();
    clock.advance(15 * 60 * 1000 + 1000);
    await expect(verifyAccessToken(accessToken, config.jwtSecret, clock.now())).rejects.toMatchObject({ serverCode: 'TOKEN_EXPIRED' });
    await app.close();
  });

  test.each([
    ['wrong password', { email: 'jane@example.com', password: 'wrong password' }],
    ['unknown e-mail', { email: 'nobody@example.com', password: PASSWORD }],
  ])('%s -> 401 INVALID_CREDENTIALS with the same message, nothing stored', async (_, payload) => {
    const { app, db } = await createTestApp();
    await seedUser(db);
    const before = await snapshot(db);
    const response = await signin(app, payload);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ statusCode: 401, serverCode: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect' });
    expect(refreshCookie(response)).toBeUndefined();
    expect(await snapshot(db)).toEqual(before);
    await app.close();
  });

  test.each([
    ['missing e-mail', { password: PASSWORD }, 'email', 'Please enter your email'],
    ['empty e-mail', { email: '', password: PASSWORD }, 'email', 'Please enter your email'],
    ['invalid e-mail', { email: 'jane-at-example', password: PASSWORD }, 'email', 'Email is invalid'],
    ['missing password', { email: 'jane@example.com' }, 'password', 'Please enter your password'],
    ['password of the wrong type', { email: 'jane@example.com', password: 12345678 }, 'password', 'Please enter your password'],
  ])('%s -> 400 VALIDATION_FAILED naming the field', async (_, payload, path, message) => {
    const { app, db } = await createTestApp();
    await seedUser(db);
    const before = await snapshot(db);
    const response = await signin(app, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, serverCode: 'VALIDATION_FAILED', message, issues: [{ path, message }] });
    expect(await snapshot(db)).toEqual(before);
    await app.close();
  });

  test('malformed JSON -> 400 with a readable message', async () => {
    const { app } = await createTestApp();
    const response = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ serverCode: 'VALIDATION_FAILED', message: 'The request body is not valid JSON' });
    await app.close();
  });

  test('per account: the 11th attempt in 15 minutes is refused with 429 and Retry-After, even with the right password', async () => {
    const { app, db, clock } = await createTestApp();
    await seedUser(db);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signin(app, { email: 'jane@example.com', password: 'wrong password' })).statusCode).toBe(401);
    }
    clock.advance(5 * 60 * 1000);
    const before = await snapshot(db);
    const limited = await signin(app, { email: 'jane@example.com', password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe(String(10 * 60));
    expect(limited.json()).toEqual({ statusCode: 429, serverCode: 'RATE_LIMITED', message: 'Too many attempts. Please try again in 10 minutes.' });
    expect(await snapshot(db)).toEqual(before);
    // Another account from the same address is not affected.
    await seedUser(db, { email: 'john@example.com' });
    expect((await signin(app, { email: 'john@example.com', password: PASSWORD })).statusCode).toBe(200);
    // The window ends: the right password works again.
    clock.advance(10 * 60 * 1000);
    expect((await signin(app, { email: 'jane@example.com', password: PASSWORD })).statusCode).toBe(200);
    await app.close();
  });

  test('per address: generous (a whole office), but limited at 300 failures per 15 minutes', async () => {
    const { app, db, clock } = await createTestApp();
    await seedUser(db);
    // 299 failed sign-ins from this address already happened in the window (inject comes from 127.0.0.1).
    await db.insert(rateLimits).values({ key: `signin:address:${sha256('127.0.0.1')}`, windowStart: clock.now(), count: 299 });
    // Successes are not counted...
    expect((await signin(app, { email: 'jane@example.com', password: PASSWORD })).statusCode).toBe(200);
    expect((await signin(app, { email: 'jane@example.com', password: PASSWORD })).statusCode).toBe(200);
    // ...the 300th failure is, and then the address waits.
    expect((await signin(app, { email: 'john@example.com', password: PASSWORD })).statusCode).toBe(401);
    const limited = await signin(app, { email: 'john@example.com', password: PASSWORD }, { 'x-forwarded-for': '203.0.113.9' });
    expect(limited.statusCode).toBe(429); // X-Forwarded-For is ignored while TRUST_PROXY is off
    expect(limited.headers['retry-after']).toBe(String(15 * 60));
    expect(limited.json()).toMatchObject({ serverCode: 'RATE_LIMITED', message: 'Too many attempts. Please try again in 15 minutes.' });
    await app.close();
  });
});

describe('POST /api/auth/refresh', () => {
  const start = async () => {
    const context = await createTestApp();
    const user = await seedUser(context.db);
    const response = await signin(context.app, { email: 'jane@example.com', password: PASSWORD });
    return { ...context, user, token: refreshCookie(response)!.value };
  };
  const refresh = (app: Awaited<ReturnType<typeof createTestApp>>['app'], token?: string) =>
    app.inject({ method: 'POST', url: '/api/auth/refresh', headers: token ? cookieHeader(token) : {} });

  test('rotates the token and returns a new session', async () => {
    const { app, db, user, token } = await start();
    const response = await refresh(app, token);
    expect(response.statusCode).toBe(200);
    expect(AuthSession.parse(response.json()).user.id).toBe(user.id);
    const next = refreshCookie(response)!.value;
    expect(next).not.toBe(token);
    expect((await refresh(app, next)).statusCode).toBe(200);
    const sessions = await db.select().from(refreshSessions);
    expect(sessions).toHaveLength(3);
    expect(new Set(sessions.map((session) => session.familyId)).size).toBe(1);
    await app.close();
  });

  test('two tabs within the grace period get the same successor', async () => {
    const { app, clock, token } = await start();
    const first = await refresh(app, token);
    clock.advance(5_000);
    const second = await refresh(app, token);
    expect(second.statusCode).toBe(200);
    expect(refreshCookie(second)!.value).toBe(refreshCookie(first)!.value);
    expect((await refresh(app, refreshCookie(second)!.value)).statusCode).toBe(200);
    await app.close();
  });

  test('simultaneous refreshes with one token both succeed with the same successor', async () => {
    const { app, token } = await start();
    const [a, b] = await Promise.all([refresh(app, token), refresh(app, token)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(refreshCookie(a)!.value).toBe(refreshCookie(b)!.value);
    await app.close();
  });

  test('a token replayed after the grace period revokes the whole family', async () => {
    const { app, db, clock, token } = await start();
    const successor = refreshCookie(await refresh(app, token))!.value;
    clock.advance(11_000);
    const replay = await refresh(app, token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ statusCode: 401, serverCode: 'SESSION_REVOKED', message: 'Your session has ended, please sign in again' });
    expect(refreshCookie(replay)).toMatchObject({ value: '' }); // cookie cleared
    const revoked = await refresh(app, successor);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject({ serverCode: 'SESSION_REVOKED' });
    const sessions = await db.select().from(refreshSessions);
    expect(sessions.every((session) => session.revokedAt !== null)).toBe(true);
    await app.close();
  });

  test('no cookie, unknown token, expired token -> 401, nothing changed', async () => {
    const { app, db, clock, token } = await start();
    const before = await snapshot(db);
    const missing = await refresh(app);
    expect(missing.json()).toEqual({ statusCode: 401, serverCode: 'UNAUTHENTICATED', message: 'Please sign in to continue' });
    const unknown = await refresh(app, 'not-a-real-token');
    expect(unknown.json()).toEqual({ statusCode: 401, serverCode: 'UNAUTHENTICATED', message: 'Please sign in to continue' });
    clock.advance(30 * 24 * 60 * 60 * 1000 + 1000);
    const expired = await refresh(app, token);
    expect(expired.json()).toEqual({ statusCode: 401, serverCode: 'TOKEN_EXPIRED', message: 'Your session has expired, please sign in again' });
    expect(await snapshot(db)).toEqual(before);
    await app.close();
  });
});

describe('POST /api/auth/signout', () => {
  test('revokes the family and clears the cookie', async () => {
    const { app, db } = await createTestApp();
    await seedUser(db);
    const token = refreshCookie(await signin(app, { email: 'jane@example.com', password: PASSWORD }))!.value;
    const rotated = refreshCookie(await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: cookieHeader(token) }))!.value;
    const response = await app.inject({ method: 'POST', url: '/api/auth/signout', headers: cookieHeader(rotated) });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(refreshCookie(response)).toMatchObject({ value: '', path: '/api/auth' });
    const rows = await db.select().from(refreshSessions).where(eq(refreshSessions.revokedAt, refreshSessions.revokedAt));
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
    expect((await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: cookieHeader(rotated) })).json()).toMatchObject({ serverCode: 'SESSION_REVOKED' });
    await app.close();
  });

  test('without a cookie it still answers 204', async () => {
    const { app, db } = await createTestApp();
    const before = await snapshot(db);
    const response = await app.inject({ method: 'POST', url: '/api/auth/signout' });
    expect(response.statusCode).toBe(204);
    expect(await snapshot(db)).toEqual(before);
    await app.close();
  });
});

describe('housekeeping', () => {
  test('sessions that expired over a day ago are pruned, live ones stay', async () => {
    const { app, db, clock } = await createTestApp();
    await seedUser(db);
    await signin(app, { email: 'jane@example.com', password: PASSWORD });
    clock.advance(20 * 24 * 60 * 60 * 1000);
    const live = refreshCookie(await signin(app, { email: 'jane@example.com', password: PASSWORD }))!.value;
    clock.advance(12 * 24 * 60 * 60 * 1000); // first session expired 2 days ago
    await pruneExpiredAuthRows(db, clock.now());
    expect(await db.select().from(refreshSessions)).toHaveLength(1);
    expect((await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: cookieHeader(live) })).statusCode).toBe(200);
    await app.close();
  });
});
