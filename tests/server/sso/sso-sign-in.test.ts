import { eq } from 'drizzle-orm';
import { auditEvents } from '../../../server/db/schema';
import { startIdentityProvider, signInAtProvider, type TestIdentityProvider } from '../../support/identity-provider';
import { createTestApp, testDatabase } from '../helpers/test-app';
import { PASSWORD, seedUser, snapshot } from '../auth/fixtures';
import { SESSION_CHECK_TTL_MS } from '../../../server/http/session-liveness';
import { REDIRECT_URI, cookieOf, postCallback, profileForm, ssoConfig, ssoRoundTrip, startSignIn } from './sso-helpers';

let idp: TestIdentityProvider;

beforeAll(async () => {
  await testDatabase();
  idp = await startIdentityProvider({ redirectUris: [REDIRECT_URI] });
  idp.addAccount({ email: 'jane@example.com', emailVerified: true, givenName: 'Jane', familyName: 'Doe' });
  idp.addAccount({ email: 'nora@acme.com', emailVerified: true, givenName: 'Nora', familyName: 'Newcomer' });
  idp.addAccount({ email: 'sam@acme.com', emailVerified: false, name: 'Sam Unverified' });
  idp.addAccount({ email: 'out@elsewhere.example', emailVerified: true, name: 'Otto Outsider' });
});
afterAll(() => idp.close());

const actions = async (db: Awaited<ReturnType<typeof createTestApp>>['db']) => (await db.select().from(auditEvents)).map((event) => event.action);

describe('single sign-on against a real OpenID provider', () => {
  test('the start names the provider page with PKCE (S256), state and nonce, and seals them in a cookie', async () => {
    const { app } = await createTestApp({ config: ssoConfig(idp) });
    const { authorizationUrl, attemptCookie } = await startSignIn(app);
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(idp.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: idp.clientId, redirect_uri: REDIRECT_URI, response_type: 'code', scope: 'openid email profile', code_challenge_method: 'S256' });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)?.length).toBeGreaterThanOrEqual(43);
    // Sealed: the browser holds neither the state nor the verifier in the clear.
    expect(attemptCookie).not.toContain(url.searchParams.get('state'));
  });

  test('an existing account signs in: session, refresh cookie, audit entry', async () => {
    const { app, db } = await createTestApp({ config: ssoConfig(idp) });
    const jane = await seedUser(db);
    const response = await ssoRoundTrip(app, 'jane@example.com');
    expect(response.statusCode).toBe(200);
    const body = response.json() as { status: string; session: { accessToken: string; user: { id: number; email: string } } };
    expect(body.status).toBe('signed-in');
    expect(body.session.user).toMatchObject({ id: jane.id, email: 'jane@example.com' });
    expect(cookieOf(response, 'wc_refresh')).toBeDefined();
    expect(cookieOf(response, 'wc_sso_attempt')).toBeUndefined();
    const me = await app.inject({ method: 'GET', url: `/api/users/${jane.id}/profile`, headers: { authorization: `Bearer ${body.session.accessToken}` } });
    expect(me.statusCode).toBe(200);
    const [entry] = await db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.sso_signin'));
    expect(entry).toMatchObject({ subjectId: jane.id, actorId: jane.id }); // the person signed themself in
    expect(JSON.parse(entry!.after!)).toEqual({ issuer: idp.issuer });
  });

  // An unconfirmed employee account is replaced, not claimed: tests/server/sso/sso-claim.test.ts.
  test('an unconfirmed admin account is claimed by the provider\'s word: confirmed, its password removed and its sign-ins ended (no pre-account takeover)', async () => {
    const { app, db } = await createTestApp({ config: ssoConfig(idp) });
    // The account was made in the owner's name and never confirmed; its maker is signed in.
    const squatted = await seedUser(db, { emailConfirmedAt: null, role: 'admin' });
    const theirs = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'jane@example.com', password: PASSWORD } });
    expect(theirs.statusCode).toBe(200);
    const theirToken = (theirs.json() as { accessToken: string }).accessToken;
    expect((await app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${theirToken}` } })).statusCode).toBe(200);

    const owner = await ssoRoundTrip(app, 'jane@example.com');
    expect(owner.statusCode).toBe(200);
    expect((owner.json() as { status: string }).status).toBe('signed-in');
    const [user] = (await snapshot(db)).users;
    expect(user).toMatchObject({ id: squatted.id, passwordHash: '' });
    expect(user!.emailConfirmedAt).not.toBeNull();
    // The maker's password, refresh cookie and access token open nothing any more.
    expect((await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'jane@example.com', password: PASSWORD } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: cookieOf(theirs, 'wc_refresh')! } })).statusCode).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, SESSION_CHECK_TTL_MS + 50)); // each process trusts a checked token this long
    expect((await app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${theirToken}` } })).statusCode).toBe(401);
    // The owner's own sign-in is live.
    const ownerToken = (owner.json() as { session: { accessToken: string } }).session.accessToken;
    expect((await app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${ownerToken}` } })).statusCode).toBe(200);
    const [entry] = await db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.sso_signin'));
    expect(JSON.parse(entry!.after!)).toEqual({ issuer: idp.issuer, emailConfirmed: true, passwordRemoved: true, sessionsEnded: 1 });
  });

  test('a confirmed account keeps its password and its other sign-ins when it signs in with the provider', async () => {
    const { app, db } = await createTestApp({ config: ssoConfig(idp) });
    await seedUser(db);
    const other = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'jane@example.com', password: PASSWORD } });
    expect((await ssoRoundTrip(app, 'jane@example.com')).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: cookieOf(other, 'wc_refresh')! } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'jane@example.com', password: PASSWORD } })).statusCode).toBe(200);
  });

  test('a newcomer in open mode completes the profile: the account is created confirmed, signed in, audited', async () => {
    const { app, db } = await createTestApp({ config: ssoConfig(idp) });
    const callback = await ssoRoundTrip(app, 'nora@acme.com');
    expect(callback.statusCode).toBe(200);
    expect(callback.json()).toEqual({ status: 'profile-required', profile: { email: 'nora@acme.com', firstName: 'Nora', lastName: 'Newcomer', levelOfCompetition: null } });
    expect(cookieOf(callback, 'wc_refresh')).toBeUndefined();
    expect((await snapshot(db)).users).toEqual([]); // nothing exists before the profile is complete
    const newcomer = cookieOf(callback, 'wc_sso_newcomer')!;
    const profile = await app.inject({ method: 'GET', url: '/api/auth/sso/profile', headers: { cookie: newcomer } });
    expect(profile.json()).toEqual({ email: 'nora@acme.com', firstName: 'Nora', lastName: 'Newcomer', levelOfCompetition: null });

    const created = await app.inject({ method: 'POST', url: '/api/auth/sso/profile', ...withCookie(profileForm(), newcomer) });
    expect(created.statusCode).toBe(201);
    expect((created.json() as { user: { email: string; levelOfCompetition: string } }).user).toMatchObject({ email: 'nora@acme.com', levelOfCompetition: 'Advanced' });
    expect(cookieOf(created, 'wc_refresh')).toBeDefined();
    const [user] = (await snapshot(db)).users;
    expect(user).toMatchObject({ email: 'nora@acme.com', role: 'user', gender: 'female', dateOfBirth: '1990-06-15' });
    expect(user!.emailConfirmedAt).not.toBeNull();
    expect(await actions(db)).toEqual(['auth.sso_signup']);

    // The same newcomer cookie cannot create a second account; the next sign-in finds the account.
    expect((await app.inject({ method: 'POST', url: '/api/auth/sso/profile', ...withCookie(profileForm(), newcomer) })).statusCode).toBe(409);
    expect(((await ssoRoundTrip(app, 'nora@acme.com')).json() as { status: string }).status).toBe('signed-in');
  });

  test('a newcomer has no password: none signs them in, and deleting the account right after joining asks for none', async () => {
    const { app, db } = await createTestApp({ config: ssoConfig(idp) });
    const callback = await ssoRoundTrip(app, 'nora@acme.com');
    const created = await app.inject({ method: 'POST', url: '/api/auth/sso/profile', ...withCookie(profileForm(), cookieOf(callback, 'wc_sso_newcomer')!) });
    expect(created.statusCode).toBe(201);
    const { accessToken } = created.json() as { accessToken: string };
    for (const password of ['', 'Password1!', 'x'.repeat(40)]) {
      const signin = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'nora@acme.com', password } });
      expect(signin.statusCode).toBeGreaterThanOrEqual(400);
      expect(signin.statusCode).toBeLessThan(500);
    }
    const deleted = await app.inject({ method: 'POST', url: '/api/privacy/account-deletion', headers: { authorization: `Bearer ${accessToken}` }, payload: {} });
    expect(deleted.statusCode).toBe(204);
    expect((await snapshot(db)).users).toEqual([]);
  });

  test('a profile without the newcomer cookie (or with a forged one) is refused', async () => {
    const { app, db } = await createTestApp({ config: ssoConfig(idp) });
    for (const headers of [{}, { cookie: 'wc_sso_newcomer=forged.value.here' }]) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/sso/profile', ...withCookie(profileForm(), headers.cookie) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ serverCode: 'SSO_FAILED', message: 'Your single sign-on has expired; please sign in again' });
    }
    expect((await snapshot(db)).users).toEqual([]);
  });

  test('invite mode: an invitee joins at the invitation\'s level and the invitation is used up; others are refused', async () => {
    const { app, db } = await createTestApp({ config: ssoConfig(idp, { signup: { signupMode: 'invite', emailDomains: [], fromEnvironment: true } }) });
    const admin = await seedUser(db, { role: 'admin', email: 'admin@acme.com' });
    const login = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'admin@acme.com', password: 'correct horse battery' } });
    const token = (login.json() as { accessToken: string }).accessToken;
    const invite = await app.inject({ method: 'POST', url: '/api/access/invitations', headers: { authorization: `Bearer ${token}` }, payload: { email: 'nora@acme.com', firstName: 'Nora', lastName: 'Invited', levelOfCompetition: 'Elite' } });
    expect(invite.statusCode).toBe(201);

    const refused = await ssoRoundTrip(app, 'out@elsewhere.example');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ serverCode: 'INVITATION_REQUIRED' });

    const callback = await ssoRoundTrip(app, 'nora@acme.com');
    expect(callback.json()).toEqual({ status: 'profile-required', profile: { email: 'nora@acme.com', firstName: 'Nora', lastName: 'Invited', levelOfCompetition: 'Elite' } });
    const created = await app.inject({ method: 'POST', url: '/api/auth/sso/profile', ...withCookie(profileForm({ levelOfCompetition: 'Beginner' }), cookieOf(callback, 'wc_sso_newcomer')) });
    expect(created.statusCode).toBe(201);
    expect((created.json() as { user: { levelOfCompetition: string } }).user.levelOfCompetition).toBe('Elite');
    const list = await app.inject({ method: 'GET', url: '/api/access/invitations', headers: { authorization: `Bearer ${token}` } });
    expect((list.json() as { rows: { status: string }[] }).rows[0]!.status).toBe('accepted');
    expect(await actions(db)).toEqual(expect.arrayContaining(['invitation.send', 'auth.sso_signup', 'invitation.accept']));
    expect(admin.id).toBeGreaterThan(0);
  });

  test('domain mode: an address outside the domains is refused and nothing is created', async () => {
    const { app, db } = await createTestApp({ config: ssoConfig(idp, { signup: { signupMode: 'domain', emailDomains: ['acme.com'], fromEnvironment: true } }) });
    const before = await snapshot(db);
    const response = await ssoRoundTrip(app, 'out@elsewhere.example');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ serverCode: 'EMAIL_DOMAIN_NOT_ALLOWED', message: 'Please use your company e-mail address (@acme.com)' });
    expect(cookieOf(response, 'wc_sso_newcomer')).toBeUndefined();
    expect(await snapshot(db)).toEqual(before);
    // A company address is welcome.
    expect(((await ssoRoundTrip(app, 'nora@acme.com')).json() as { status: string }).status).toBe('profile-required');
  });

  test('an address the provider has not verified is refused, even for an existing account', async () => {
    const { app, db } = await createTestApp({ config: ssoConfig(idp) });
    await seedUser(db, { email: 'sam@acme.com' });
    const response = await ssoRoundTrip(app, 'sam@acme.com');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ serverCode: 'SSO_EMAIL_NOT_VERIFIED' });
    expect(cookieOf(response, 'wc_refresh')).toBeUndefined();
    expect(await actions(db)).toEqual([]);
  });
});

/** The multipart payload with a cookie header. */
const withCookie = (form: ReturnType<typeof profileForm>, cookie: string | undefined) => ({ payload: form.payload, headers: { ...form.headers, ...(cookie ? { cookie } : {}) } });

describe('single sign-on refuses answers that are not this browser\'s', () => {
  test('wrong state: the answer of another attempt is refused', async () => {
    const { app, db } = await createTestApp({ config: ssoConfig(idp) });
    await seedUser(db);
    const mine = await startSignIn(app);
    const theirs = await startSignIn(app);
    const search = await signInAtProvider(theirs.authorizationUrl, 'jane@example.com', REDIRECT_URI);
    const response = await postCallback(app, search, mine.attemptCookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ serverCode: 'SSO_FAILED', message: 'Single sign-on did not complete; please try again' });
    expect(cookieOf(response, 'wc_refresh')).toBeUndefined();
  });

  test('wrong nonce: an ID token issued for another attempt\'s nonce is refused', async () => {
    const { app, db } = await createTestApp({ config: ssoConfig(idp) });
    await seedUser(db);
    const mine = await startSignIn(app);
    // The provider is asked for the same state and PKCE challenge but another nonce (an injected ID token).
    const tampered = new URL(mine.authorizationUrl);
    tampered.searchParams.set('nonce', 'a-nonce-this-browser-never-chose-0123456789abcdef');
    const search = await signInAtProvider(tampered.href, 'jane@example.com', REDIRECT_URI);
    const response = await postCallback(app, search, mine.attemptCookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ serverCode: 'SSO_FAILED' });
    expect(await actions(db)).toEqual([]);
  });

  test('a code used once is refused the second time (replayed answer with the same cookie)', async () => {
    const { app, db } = await createTestApp({ config: ssoConfig(idp) });
    await seedUser(db);
    const { authorizationUrl, attemptCookie } = await startSignIn(app);
    const search = await signInAtProvider(authorizationUrl, 'jane@example.com', REDIRECT_URI);
    expect((await postCallback(app, search, attemptCookie)).statusCode).toBe(200);
    const replay = await postCallback(app, search, attemptCookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ serverCode: 'SSO_FAILED' });
  });

  test('an expired code is refused', async () => {
    const { app, db } = await createTestApp({ config: ssoConfig(idp) });
    await seedUser(db);
    idp.setCodeTtl(1);
    try {
      const { authorizationUrl, attemptCookie } = await startSignIn(app);
      const search = await signInAtProvider(authorizationUrl, 'jane@example.com', REDIRECT_URI);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const response = await postCallback(app, search, attemptCookie);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ serverCode: 'SSO_FAILED' });
    } finally {
      idp.setCodeTtl(60);
    }
  });

  test('an answer without the attempt cookie, or after the attempt expired, is refused', async () => {
    const { app, db, clock } = await createTestApp({ config: ssoConfig(idp) });
    await seedUser(db);
    const { authorizationUrl, attemptCookie } = await startSignIn(app);
    const search = await signInAtProvider(authorizationUrl, 'jane@example.com', REDIRECT_URI);
    const without = await postCallback(app, search);
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ serverCode: 'SSO_FAILED', message: 'This sign-in attempt has expired or was started in another browser; please try again' });
    clock.advance(11 * 60 * 1000);
    expect((await postCallback(app, search, attemptCookie)).statusCode).toBe(400);
  });

  test('the provider refusing (error=access_denied) is a failed sign-in, not a crash', async () => {
    const { app } = await createTestApp({ config: ssoConfig(idp) });
    const { authorizationUrl, attemptCookie } = await startSignIn(app);
    const state = new URL(authorizationUrl).searchParams.get('state')!;
    const response = await postCallback(app, `?error=access_denied&state=${state}&iss=${encodeURIComponent(idp.issuer)}`, attemptCookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ serverCode: 'SSO_FAILED' });
  });
});

describe('single sign-on configuration', () => {
  test('without OIDC the endpoints answer 404 and the options say so', async () => {
    const { app } = await createTestApp();
    const start = await app.inject({ method: 'POST', url: '/api/auth/sso/start' });
    expect(start.statusCode).toBe(404);
    expect(start.json()).toMatchObject({ serverCode: 'SSO_NOT_CONFIGURED' });
    expect((await app.inject({ method: 'GET', url: '/api/access/options' })).json()).toMatchObject({ passwordSignin: true, sso: null });
  });

  test('the options name the button', async () => {
    const { app } = await createTestApp({ config: ssoConfig(idp) });
    expect((await app.inject({ method: 'GET', url: '/api/access/options' })).json()).toMatchObject({ passwordSignin: true, sso: { label: 'Acme SSO' } });
  });

  test('a provider that cannot be reached answers 502 with the button\'s name', async () => {
    const { app } = await createTestApp({ config: { appOrigin: 'http://localhost:3000', oidc: { issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y', buttonLabel: 'Acme SSO', redirectUri: REDIRECT_URI } } });
    const response = await app.inject({ method: 'POST', url: '/api/auth/sso/start' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ serverCode: 'SSO_PROVIDER_UNAVAILABLE', message: 'Acme SSO cannot be reached right now; please try again in a moment' });
  });
});
