import { SESSION_CHECK_TTL_MS } from '../../server/http/session-liveness';
import { endPasswordSessions } from '../../server/modules/auth/password-sessions-repo';
import { createRefreshSession } from '../../server/modules/auth/sessions';
import { PASSWORD, seedUser } from '../server/auth/fixtures';
import { createTestApp } from '../server/helpers/test-app';

/** Product rules: Sessions. A sign-in ends SESSION_MAX_DAYS after it was made, and password sign-ins end with PASSWORD_SIGNIN=false. */

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
afterEach(async () => {
  await ctx.app.close();
});

const DAY = 24 * 60 * 60 * 1000;
const cookieOf = (response: { cookies: { name: string; value: string }[] }) => response.cookies.find((cookie) => cookie.name === 'wc_refresh')?.value;

const signIn = async () => {
  await seedUser(ctx.db, { email: 'jane@example.com' });
  const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'jane@example.com', password: PASSWORD } });
  expect(response.statusCode).toBe(200);
  return { cookie: cookieOf(response)!, accessToken: response.json().accessToken as string };
};

const refresh = (cookie: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `wc_refresh=${cookie}` } });

/** Refreshes every `everyDays` until `untilDays` after the sign-in; the last answer. */
const keepRefreshing = async (cookie: string, everyDays: number, untilDays: number) => {
  let current = cookie;
  for (let day = everyDays; day <= untilDays; day += everyDays) {
    ctx.clock.advance(everyDays * DAY);
    const answer = await refresh(current);
    if (answer.statusCode !== 200) return { answer, day };
    current = cookieOf(answer)!;
  }
  return { answer: null, day: untilDays, cookie: current };
};

describe('absolute session lifetime (SESSION_MAX_DAYS)', () => {
  test('refreshing every 5 days does not keep a sign-in past 30 days (the default)', async () => {
    ctx = await createTestApp({ now: '2026-11-01T10:00:00Z' });
    const { cookie } = await signIn();
    const kept = await keepRefreshing(cookie, 5, 25);
    expect(kept.answer).toBeNull();
    ctx.clock.advance(5 * DAY + 60_000); // 30 days and a minute after the sign-in
    const late = await refresh(kept.cookie!);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ serverCode: 'TOKEN_EXPIRED' });
  });

  test('a shorter setting is honoured: with 2 days, a refresh after 1 day works and the next one after 2 days fails', async () => {
    ctx = await createTestApp({ now: '2026-11-01T10:00:00Z', config: { sessionMaxDays: 2 } });
    const { cookie } = await signIn();
    ctx.clock.advance(DAY);
    const next = await refresh(cookie);
    expect(next.statusCode).toBe(200);
    ctx.clock.advance(DAY + 1000);
    expect((await refresh(cookieOf(next)!)).statusCode).toBe(401);
  });
});

describe('PASSWORD_SIGNIN=false ends the sign-ins made with a password', () => {
  test('start-up ends them (refresh and access token refused); a single sign-on session goes on', async () => {
    ctx = await createTestApp();
    const { cookie, accessToken } = await signIn();
    const sso = await createRefreshSession(ctx, ctx.db, (await seedUser(ctx.db, { email: 'sam@example.com' })).id, ctx.clock.now(), 'sso');
    // The operator restarts with passwords off.
    ctx.config.passwordSignin = false;
    expect(await endPasswordSessions(ctx.db, ctx.clock.now())).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, SESSION_CHECK_TTL_MS + 50));
    const month = await ctx.app.inject({ method: 'GET', url: '/api/user/activity?startDate=2026-11-01&endDate=2026-11-30', headers: { authorization: `Bearer ${accessToken}` } });
    expect(month.statusCode).toBe(401);
    expect((await refresh(cookie)).statusCode).toBe(401);
    expect((await refresh(sso.token)).statusCode).toBe(200);
  });

  test('a password session that start-up did not end (another process) cannot be refreshed either', async () => {
    ctx = await createTestApp();
    const { cookie } = await signIn();
    ctx.config.passwordSignin = false;
    const answer = await refresh(cookie);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ serverCode: 'SESSION_REVOKED' });
  });
});
