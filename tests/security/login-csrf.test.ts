import { users } from '../../server/db/schema';
import { hashPassword } from '../../server/passwords/argon2';
import { fields, multipart, seedUser } from '../server/auth/fixtures';
import { createTestApp } from '../server/helpers/test-app';

/** Product rules: Sessions. A page on another site cannot sign the browser into an account it chose (login CSRF). */

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;

const APP = 'https://wellness.example.com';
beforeEach(async () => {
  ctx = await createTestApp({ now: '2026-11-22T10:00:00Z', config: { appOrigin: APP } });
});
afterEach(async () => {
  await ctx.app.close();
});

const signupForm = () =>
  multipart(fields({ firstName: 'Eve', lastName: 'Attacker', dateOfBirth: '1990-01-01', gender: 'female', email: 'eve@example.com', password: 'the attacker knows it', levelOfCompetition: 'Advanced' }));

/** The headers a browser sends when a page on evil.example.net auto-submits a form to the app. */
const crossSite = [
  { origin: 'https://evil.example.net', 'sec-fetch-site': 'cross-site' },
  { origin: 'https://evil.example.net' },
  { 'sec-fetch-site': 'cross-site' },
  { origin: 'null' },
  { origin: 'https://sub.wellness.example.com', 'sec-fetch-site': 'same-site' },
];

describe('every endpoint that starts a session refuses cross-site requests', () => {
  test.each(crossSite)('a cross-site multipart sign-up (%o) sets no cookie and creates no account', async (headers) => {
    const form = signupForm();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: form.payload, headers: { ...form.headers, ...headers } });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await ctx.db.select().from(users)).toEqual([]);
  });

  test('the same sign-up from the app itself works', async () => {
    const form = signupForm();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: form.payload, headers: { ...form.headers, origin: APP, 'sec-fetch-site': 'same-origin' } });
    expect(response.statusCode).toBe(201);
    expect(response.cookies.some((cookie) => cookie.name === 'wc_refresh')).toBe(true);
  });

  test('a cross-site sign-in sets no cookie', async () => {
    await seedUser(ctx.db, { email: 'eve@example.com' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'eve@example.com', password: 'correct horse battery' },
      headers: { origin: 'https://evil.example.net', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('a cross-site accept of a live invitation (one the attacker was sent) sets no cookie and creates no account; from the app it does', async () => {
    await seedUser(ctx.db, { role: 'admin', email: 'boss@example.com', passwordHash: await hashPassword('boss password 1') });
    const signedIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/signin', headers: { origin: APP }, payload: { email: 'boss@example.com', password: 'boss password 1' } });
    const headers = { authorization: `Bearer ${signedIn.json<{ accessToken: string }>().accessToken}` };
    const invited = await ctx.app.inject({ method: 'POST', url: '/api/access/invitations', headers, payload: { email: 'eve@example.com', firstName: 'Eve', lastName: 'Attacker', levelOfCompetition: 'Elite' } });
    expect(invited.statusCode).toBe(201);
    const mail = ctx.mailer.sent.find((message) => message.to === 'eve@example.com');
    const token = decodeURIComponent(/signup\?invitation=([^\s]+)/.exec(mail?.text ?? '')![1]!);
    const accept = () => multipart(fields({ token, firstName: 'Eve', lastName: 'Attacker', dateOfBirth: '1990-01-01', gender: 'female', password: 'Secret123!' }));
    const before = await ctx.db.select().from(users);

    for (const foreign of crossSite) {
      const form = accept();
      const response = await ctx.app.inject({ method: 'POST', url: '/api/access/invitation', payload: form.payload, headers: { ...form.headers, ...foreign } });
      expect(response.statusCode).toBe(403);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await ctx.db.select().from(users)).toEqual(before);
    }
    const form = accept();
    const fromApp = await ctx.app.inject({ method: 'POST', url: '/api/access/invitation', payload: form.payload, headers: { ...form.headers, origin: APP, 'sec-fetch-site': 'same-origin' } });
    expect(fromApp.statusCode, fromApp.body).toBe(201);
    expect(fromApp.headers['set-cookie']).toBeDefined();
  });
});
