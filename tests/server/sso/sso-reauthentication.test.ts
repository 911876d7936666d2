import { eq } from 'drizzle-orm';
import { SSO_OTHER_ACCOUNT_MESSAGE } from '@/domain/sso-rules';
import { auditEvents, users } from '../../../server/db/schema';
import { startIdentityProvider, signInAtProvider, type TestIdentityProvider } from '../../support/identity-provider';
import { createTestApp, testDatabase } from '../helpers/test-app';
import { PASSWORD, seedUser } from '../auth/fixtures';
import { REDIRECT_URI, cookieOf, postCallback, ssoConfig, ssoRoundTrip } from './sso-helpers';

let idp: TestIdentityProvider;

beforeAll(async () => {
  await testDatabase();
  idp = await startIdentityProvider({ redirectUris: [REDIRECT_URI] });
  idp.addAccount({ email: 'jane@example.com', emailVerified: true, givenName: 'Jane', familyName: 'Doe' });
  idp.addAccount({ email: 'nora@acme.com', emailVerified: true, givenName: 'Nora', familyName: 'Other' });
});
afterAll(() => idp.close());

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Session = { accessToken: string; refreshCookie: string };

/** Jane, whose account has no password (made through single sign-on), signed in through the provider. */
const janeSignedIn = async ({ app, db }: TestApp): Promise<Session & { id: number }> => {
  const jane = await seedUser(db, { passwordHash: '' });
  const response = await ssoRoundTrip(app, 'jane@example.com');
  const { session } = response.json<{ session: { accessToken: string } }>();
  return { id: jane.id, accessToken: session.accessToken, refreshCookie: cookieOf(response, 'wc_refresh')! };
};

/** 'Confirm with Acme SSO': the provider's page, and the sealed attempt cookie. */
const startReauthentication = async ({ app }: TestApp, accessToken: string) => {
  const response = await app.inject({ method: 'POST', url: '/api/sso/reauthenticate', headers: { authorization: `Bearer ${accessToken}` } });
  expect(response.statusCode).toBe(200);
  return { authorizationUrl: response.json<{ authorizationUrl: string }>().authorizationUrl, attemptCookie: cookieOf(response, 'wc_sso_attempt')! };
};

const deleteAccount = ({ app }: TestApp, accessToken: string) => app.inject({ method: 'POST', url: '/api/privacy/account-deletion', headers: { authorization: `Bearer ${accessToken}` }, payload: {} });

describe('re-authentication with the identity provider (docs/security.md#re-authentication)', () => {
  test('an employee without a recent sign-in confirms at the provider (prompt=login, max_age=0) and may then delete their account', async () => {
    const test = await createTestApp({ config: ssoConfig(idp) });
    const jane = await janeSignedIn(test);
    test.clock.advance(11 * 60 * 1000);
    const refused = await deleteAccount(test, jane.accessToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ serverCode: 'REAUTHENTICATION_REQUIRED', message: 'Please sign in again, then delete your account within 10 minutes' });

    const { authorizationUrl, attemptCookie } = await startReauthentication(test, jane.accessToken);
    expect(Object.fromEntries(new URL(authorizationUrl).searchParams)).toMatchObject({ prompt: 'login', max_age: '0', login_hint: 'jane@example.com', code_challenge_method: 'S256' });
    const search = await signInAtProvider(authorizationUrl, 'jane@example.com', REDIRECT_URI);
    // The browser sends its refresh cookie along (its path, /api/auth, covers the callback).
    const back = await postCallback(test.app, search, `${attemptCookie}; ${jane.refreshCookie}`);
    expect(back.statusCode).toBe(200);
    const result = back.json<{ status: string; session: { accessToken: string; user: { id: number } } }>();
    expect(result).toMatchObject({ status: 'reauthenticated', session: { user: { id: jane.id } } });
    // This browser's sign-in is the new one; the one it replaces ends.
    expect(cookieOf(back, 'wc_refresh')).toBeDefined();
    expect((await test.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: jane.refreshCookie } })).statusCode).toBe(401);
    const [entry] = await test.db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.sso_signin')).orderBy(auditEvents.id).offset(1);
    expect(JSON.parse(entry!.after!)).toEqual({ issuer: idp.issuer, reauthenticated: true });

    expect((await deleteAccount(test, result.session.accessToken)).statusCode).toBe(204);
    expect(await test.db.select().from(users)).toEqual([]);
  });

  test('the provider answering for another person changes nothing', async () => {
    const test = await createTestApp({ config: ssoConfig(idp) });
    const jane = await janeSignedIn(test);
    await seedUser(test.db, { email: 'nora@acme.com', passwordHash: '' });
    test.clock.advance(11 * 60 * 1000);
    const { authorizationUrl, attemptCookie } = await startReauthentication(test, jane.accessToken);
    const back = await postCallback(test.app, await signInAtProvider(authorizationUrl, 'nora@acme.com', REDIRECT_URI), `${attemptCookie}; ${jane.refreshCookie}`);
    expect(back.statusCode).toBe(400);
    expect(back.json()).toMatchObject({ serverCode: 'SSO_FAILED', message: SSO_OTHER_ACCOUNT_MESSAGE });
    expect(cookieOf(back, 'wc_refresh')).toBeUndefined();
    expect((await test.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: jane.refreshCookie } })).statusCode).toBe(200);
    expect((await deleteAccount(test, jane.accessToken)).statusCode).toBe(403);
  });

  test('a provider that ignores max_age and answers with an old sign-in (auth_time) is refused', async () => {
    const test = await createTestApp({ config: ssoConfig(idp) });
    const jane = await janeSignedIn(test);
    const { authorizationUrl, attemptCookie } = await startReauthentication(test, jane.accessToken);
    // As if the provider kept a sign-in of ten minutes ago instead of asking again.
    const lenient = new URL(authorizationUrl);
    lenient.searchParams.delete('max_age');
    idp.setLoginAge(600);
    try {
      const back = await postCallback(test.app, await signInAtProvider(lenient.href, 'jane@example.com', REDIRECT_URI), attemptCookie);
      expect(back.statusCode).toBe(400);
      expect(back.json()).toMatchObject({ serverCode: 'SSO_FAILED' });
      expect(cookieOf(back, 'wc_refresh')).toBeUndefined();
    } finally {
      idp.setLoginAge(0);
    }
  });

  test('only a signed-in employee may ask: a guest gets 401, an admin 403', async () => {
    const test = await createTestApp({ config: ssoConfig(idp) });
    expect((await test.app.inject({ method: 'POST', url: '/api/sso/reauthenticate' })).statusCode).toBe(401);
    await seedUser(test.db, { role: 'admin', email: 'boss@example.com' });
    const admin = (await test.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'boss@example.com', password: PASSWORD } })).json<{ accessToken: string }>();
    expect((await test.app.inject({ method: 'POST', url: '/api/sso/reauthenticate', headers: { authorization: `Bearer ${admin.accessToken}` } })).statusCode).toBe(403);
  });
});
