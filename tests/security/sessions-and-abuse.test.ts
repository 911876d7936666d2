import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { SESSION_CHECK_TTL_MS } from '../../server/http/session-liveness';
import { PASSWORD, fields, multipart, pngBytes, seedUser } from '../server/auth/fixtures';
import { createTestApp } from '../server/helpers/test-app';

/** Product rules: Sessions and Rate limits. Sessions that really end, limits that spare the owner, CSRF checks. */

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;

beforeEach(async () => {
  ctx = await createTestApp({ now: '2026-11-22T10:00:00Z', config: { appOrigin: 'https://wellness.example.com' } });
});
afterEach(async () => {
  await ctx.app.close();
});

const cookieOf = (response: { cookies: { name: string; value: string }[] }) => response.cookies.find((cookie) => cookie.name === 'wc_refresh')?.value;

const signIn = async (email: string, password = PASSWORD, options: { ip?: string; cookie?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password },
    remoteAddress: options.ip ?? '10.0.0.1',
    headers: options.cookie ? { cookie: `wc_refresh=${options.cookie}` } : {},
  });

const month = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/user/activity?startDate=2026-11-01&endDate=2026-11-30', headers: { authorization: `Bearer ${token}` } });

/** The per-process check trusts an answer for up to a second: let it lapse. */
const afterCacheWindow = () => new Promise((resolve) => setTimeout(resolve, SESSION_CHECK_TTL_MS + 50));

describe('an access token ends with its session', () => {
  test('sign-out ends the access token of that sign-in within a second, other sign-ins keep working', async () => {
    await seedUser(ctx.db, { email: 'jane@example.com' });
    const first = await signIn('jane@example.com');
    const second = await signIn('jane@example.com');
    const token = first.json().accessToken as string;
    expect((await month(token)).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie: `wc_refresh=${cookieOf(first)}` } });
    expect(out.statusCode).toBe(204);
    await afterCacheWindow();
    const after = await month(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().serverCode).toBe('SESSION_REVOKED');
    expect((await month(second.json().accessToken)).statusCode).toBe(200);
  });

  test('a password reset ends every access token of the account', async () => {
    const jane = await seedUser(ctx.db, { email: 'jane@example.com' });
    const token = (await signIn('jane@example.com')).json().accessToken as string;
    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: jane.email } });
    const link = ctx.mailer.sent.at(-1)!.text;
    const resetToken = decodeURIComponent(/token=([^\s"<&]+)/.exec(link)![1]!);
    const reset = await ctx.app.inject({ method: 'PUT', url: `/api/auth/reset-password?token=${encodeURIComponent(resetToken)}`, payload: { newPassword: 'a-brand-new-password', confirmPassword: 'a-brand-new-password' } });
    expect(reset.statusCode).toBe(200);
    await afterCacheWindow();
    expect((await month(token)).statusCode).toBe(401);
  });

  test("a deleted user's token gets 401, never a 500", async () => {
    const jane = await seedUser(ctx.db, { email: 'jane@example.com' });
    const token = (await signIn('jane@example.com')).json().accessToken as string;
    await ctx.db.delete(users).where(eq(users.id, jane.id));
    await afterCacheWindow();
    const write = await ctx.app.inject({ method: 'POST', url: '/api/user/activity/log', headers: { authorization: `Bearer ${token}` }, payload: { name: 'Yoga', movingTime: 5, startTime: '2026-11-20' } });
    expect(write.statusCode).toBe(401);
  });

  test('a role change ends the old token (a demoted admin keeps no admin access)', async () => {
    const boss = await seedUser(ctx.db, { email: 'boss@example.com', role: 'admin' });
    const token = (await signIn('boss@example.com')).json().accessToken as string;
    const list = () => ctx.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${token}` } });
    expect((await list()).statusCode).toBe(200);
    await ctx.db.update(users).set({ role: 'user' }).where(eq(users.id, boss.id));
    await afterCacheWindow();
    expect((await list()).statusCode).toBe(401);
  });
});

describe('sign-in limits that do not lock out the owner', () => {
  test('failures from elsewhere do not lock the owner out of their known device or address', async () => {
    await seedUser(ctx.db, { email: 'jane@example.com' });
    const home = await signIn('jane@example.com', PASSWORD, { ip: '10.0.0.7' });
    expect(home.statusCode).toBe(200);
    const device = cookieOf(home)!;
    // An attacker from several addresses: 10 failures each (the per-address-and-account limit) from two.
    for (const ip of ['203.0.113.1', '203.0.113.2']) {
      for (let attempt = 0; attempt < 10; attempt += 1) expect((await signIn('jane@example.com', 'wrong-password', { ip })).statusCode).toBe(401);
      expect((await signIn('jane@example.com', 'wrong-password', { ip })).statusCode).toBe(429);
    }
    // A third address is held back by the account-wide limit...
    const stranger = await signIn('jane@example.com', PASSWORD, { ip: '198.51.100.9' });
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    // ...but the owner's known address and the owner's known device still sign in.
    expect((await signIn('jane@example.com', PASSWORD, { ip: '10.0.0.7' })).statusCode).toBe(200);
    expect((await signIn('jane@example.com', PASSWORD, { ip: '198.51.100.50', cookie: device })).statusCode).toBe(200);
  });

  test('successful sign-ins are never counted', async () => {
    await seedUser(ctx.db, { email: 'jane@example.com' });
    for (let attempt = 0; attempt < 15; attempt += 1) expect((await signIn('jane@example.com')).statusCode).toBe(200);
  });
});

describe('sign-up anti-automation', () => {
  const signUp = (index: number, ip: string, photo = false) => {
    const body = multipart([
      ...fields({ firstName: 'Bot', lastName: `Number${index}`, email: `bot${index}@example.com`, password: 'password-123', confirmPassword: 'password-123', dateOfBirth: '1990-01-01', gender: 'other', levelOfCompetition: 'Beginner' }),
      ...(photo ? [{ name: 'photo', filename: 'a.png', contentType: 'image/png', data: pngBytes(900_000) }] : []),
    ]);
    return ctx.app.inject({ method: 'POST', url: '/api/auth/signup', remoteAddress: ip, ...body });
  };

  test('one address creates at most the configured number of accounts an hour, then 429 with Retry-After', async () => {
    await ctx.app.close();
    ctx = await createTestApp({ config: { signupsPerAddressPerHour: 3 } });
    for (let index = 0; index < 3; index += 1) expect((await signUp(index, '192.0.2.1')).statusCode).toBe(201);
    const limited = await signUp(3, '192.0.2.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().serverCode).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ctx.db.select().from(users)).length).toBe(3);
    expect((await signUp(4, '192.0.2.2')).statusCode).toBe(201);
  });

  test('photo bytes uploaded from one address are bounded per hour', async () => {
    await ctx.app.close();
    ctx = await createTestApp({ config: { signupsPerAddressPerHour: 100 } });
    let limited = 0;
    for (let index = 0; index < 25; index += 1) {
      const response = await signUp(index, '192.0.2.9', true);
      if (response.statusCode === 429) limited += 1;
      else expect(response.statusCode).toBe(201);
    }
    expect(limited).toBeGreaterThan(0);
    expect((await ctx.db.select().from(users)).length).toBeLessThanOrEqual(20_000_000 / 900_000);
  });
});

describe('cookie endpoints and foreign origins (CSRF in depth)', () => {
  test('refresh and sign-out from a foreign origin are refused; the app origin works', async () => {
    await seedUser(ctx.db, { email: 'jane@example.com' });
    const cookie = cookieOf(await signIn('jane@example.com'))!;
    const refresh = (headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `wc_refresh=${cookie}`, ...headers } });
    const foreign = await refresh({ origin: 'https://evil.example.net' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain('accessToken');
    expect((await refresh({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    const signout = await ctx.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie: `wc_refresh=${cookie}`, origin: 'https://evil.example.net' } });
    expect(signout.statusCode).toBe(403);
    expect(signout.headers['set-cookie']).toBeUndefined();
    const own = await refresh({ origin: 'https://wellness.example.com', 'sec-fetch-site': 'same-origin' });
    expect(own.statusCode).toBe(200);
  });

  test('no clearing cookie is sent to a request that carried none', async () => {
    const signout = await ctx.app.inject({ method: 'POST', url: '/api/auth/signout' });
    expect(signout.statusCode).toBe(204);
    expect(signout.headers['set-cookie']).toBeUndefined();
    const refresh = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.headers['set-cookie']).toBeUndefined();
  });
});

describe('forgot-password gives nothing away', () => {
  test('a known e-mail answers as fast as an unknown one: the mail goes out after the answer', async () => {
    await seedUser(ctx.db, { email: 'jane@example.com' });
    // A slow mail server (SMTP over the internet) must not show in the answer's timing.
    const send = ctx.mailer.send.bind(ctx.mailer);
    ctx.mailer.send = async (message) => {
      await new Promise((resolve) => setTimeout(resolve, 40));
      await send(message);
    };
    const timed = async (email: string, index: number) => {
      const started = performance.now();
      const response = await ctx.injectWithoutWaiting({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: `10.1.${index}.1` });
      expect(response.statusCode).toBe(202);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Five pairs: forgot-password allows five requests an hour per account.
    for (let index = 0; index < 5; index += 1) {
      known.push(await timed('jane@example.com', index));
      unknown.push(await timed(`nobody${index}@example.com`, index + 100));
      await ctx.jobs.whenIdle();
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(20);
    expect(ctx.mailer.sent.filter((mail) => mail.to === 'jane@example.com').length).toBeGreaterThan(0);
  });
});
