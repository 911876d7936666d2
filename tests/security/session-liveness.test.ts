import { signJwt } from '../../server/http/jwt-hs256';
import { sessionLiveness } from '../../server/http/session-liveness';
import type { AuthUser } from '../../server/http/access-token';
import { PASSWORD, seedUser } from '../server/auth/fixtures';
import { createTestApp } from '../server/helpers/test-app';

/**
 * Finding 5 of the review: an access token is alive only through the sign-in it names (`sid`).
 * A token naming none (the format before `sid`, or one forged with a leaked secret) could not be
 * ended by a sign-out, a reset or a deletion, so it must never pass.
 */

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
afterEach(async () => {
  await ctx.app.close();
});

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

test('a token without a session id is refused with 401, even for a live user with a live sign-in', async () => {
  ctx = await createTestApp({ now: '2026-11-22T10:00:00Z' });
  await seedUser(ctx.db, { email: 'jane@example.com' });
  const signedIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'jane@example.com', password: PASSWORD } });
  const { sid, ...rest } = claimsOf(signedIn.json().accessToken as string);
  const feed = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/user/activity/feed', headers: { authorization: `Bearer ${token}` } });

  expect((await feed(signJwt(ctx.config.jwtSecret, { ...rest, sid }))).statusCode).toBe(200);
  const refused = await feed(signJwt(ctx.config.jwtSecret, rest));
  expect(refused.statusCode).toBe(401);
  expect(refused.json()).toEqual({ statusCode: 401, serverCode: 'SESSION_REVOKED', message: 'Your session has ended, please sign in again' });
});

test('the liveness check itself refuses a caller without a session id', async () => {
  ctx = await createTestApp({ now: '2026-11-22T10:00:00Z' });
  const user = await seedUser(ctx.db, { email: 'jane@example.com' });
  const live = sessionLiveness(ctx.db);
  await expect(live({ id: user.id, role: 'user' } as AuthUser)).rejects.toMatchObject({ statusCode: 401, serverCode: 'SESSION_REVOKED' });
  await expect(live({ id: user.id, role: 'user', sid: 'no-such-sign-in' })).rejects.toMatchObject({ statusCode: 401 });
});
