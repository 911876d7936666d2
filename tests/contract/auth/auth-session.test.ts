import { authEndpoints } from '@/contract/auth';
import { fixtureEmployee } from '../../../mocks/fixtures';
import { testConfig } from '../../../server/config';
import { signJwt } from '../../../server/http/jwt-hs256';
import { cookieAttributes, expectError, expectSuccess, targets, useTarget, type Client } from '../harness';

const REVOKED = 'Your session has ended, please sign in again';

/** The claims of an access token, and the same claims signed again with both hosts' test secret (as a leaked secret would let anyone do). */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
const resigned = (claims: Record<string, unknown>) => signJwt(testConfig().jwtSecret, claims);
const second = 1000;
const minute = 60 * second;

describe.each(targets)('sessions on $name', (target) => {
  useTarget(target);
  const employee = fixtureEmployee('Intermediate');

  /** A second tab: same browser state, own connection (copies the refresh cookie). */
  const tabWithCookieOf = (client: Client) => {
    const tab = target.client();
    tab.setCookie('wc_refresh', client.cookie('wc_refresh')!, '/api/auth');
    return tab;
  };

  test('refresh without a cookie answers 401 UNAUTHENTICATED', async () => {
    expectError(await target.call(authEndpoints.refresh), 401, 'UNAUTHENTICATED', 'Please sign in to continue');
  });

  test('refresh rotates the cookie and answers a new session', async () => {
    const { client, user } = await target.signIn(employee.email, employee.password);
    const before = client.cookie('wc_refresh');
    target.advance(20 * minute);
    const session = expectSuccess(authEndpoints.refresh, await target.call(authEndpoints.refresh, { client }));
    expect(session.user).toEqual(user);
    expect(client.cookie('wc_refresh')).toBeTruthy();
    expect(client.cookie('wc_refresh')).not.toBe(before);
  });

  test('two tabs refreshing within the grace period get the same successor', async () => {
    const { client } = await target.signIn(employee.email, employee.password);
    const tab = tabWithCookieOf(client);
    expectSuccess(authEndpoints.refresh, await target.call(authEndpoints.refresh, { client }));
    target.advance(5 * second);
    expectSuccess(authEndpoints.refresh, await target.call(authEndpoints.refresh, { client: tab }));
    expect(tab.cookie('wc_refresh')).toBe(client.cookie('wc_refresh'));
  });

  test('replaying a rotated token after the grace period revokes the whole family', async () => {
    const { client } = await target.signIn(employee.email, employee.password);
    const attacker = tabWithCookieOf(client);
    expectSuccess(authEndpoints.refresh, await target.call(authEndpoints.refresh, { client }));
    target.advance(11 * second);
    const replay = await target.call(authEndpoints.refresh, { client: attacker });
    expectError(replay, 401, 'SESSION_REVOKED', REVOKED);
    expect(cookieAttributes(replay, 'wc_refresh')).toMatchObject({ value: '', path: '/api/auth' });
    expectError(await target.call(authEndpoints.refresh, { client }), 401, 'SESSION_REVOKED', REVOKED);
  });

  test('a refresh token past its 30 days answers 401 TOKEN_EXPIRED', async () => {
    const { client } = await target.signIn(employee.email, employee.password);
    target.advance(31 * 24 * 60 * minute);
    expectError(await target.call(authEndpoints.refresh, { client }), 401, 'TOKEN_EXPIRED', 'Your session has expired, please sign in again');
  });

  test('an unknown refresh token answers 401 UNAUTHENTICATED and clears the cookie', async () => {
    const client = target.client();
    client.setCookie('wc_refresh', 'made-up-token', '/api/auth');
    const response = await target.call(authEndpoints.refresh, { client });
    expectError(response, 401, 'UNAUTHENTICATED', 'Please sign in to continue');
    expect(client.cookie('wc_refresh')).toBeUndefined();
  });

  test('signout answers 204, clears the cookie and ends the session', async () => {
    const { client } = await target.signIn(employee.email, employee.password);
    const tab = tabWithCookieOf(client);
    const response = await target.call(authEndpoints.signout, { client });
    expectSuccess(authEndpoints.signout, response);
    expect(cookieAttributes(response, 'wc_refresh')).toMatchObject({ value: '', path: '/api/auth' });
    expect(client.cookie('wc_refresh')).toBeUndefined();
    expectError(await target.call(authEndpoints.refresh, { client: tab }), 401, 'SESSION_REVOKED', REVOKED);
  });

  test('an access token naming no sign-in (sid) answers 401, and so does one naming another person\'s', async () => {
    const { accessToken } = await target.signIn(employee.email, employee.password);
    const other = await target.signIn(fixtureEmployee('Elite').email, employee.password);
    const feed = (token: string) => target.request('GET', '/user/activity/feed', { token });
    const { sid, ...withoutSid } = claimsOf(accessToken);
    expect(typeof sid).toBe('string');
    // The same claims re-signed pass: the refusals below are about the sign-in alone.
    expect((await feed(resigned({ ...withoutSid, sid }))).status).toBe(200);
    expectError(await feed(resigned(withoutSid)), 401, 'SESSION_REVOKED', REVOKED);
    expectError(await feed(resigned({ ...withoutSid, sid: '' })), 401, 'SESSION_REVOKED', REVOKED);
    expectError(await feed(resigned({ ...withoutSid, sid: claimsOf(other.accessToken).sid })), 401, 'SESSION_REVOKED', REVOKED);
    expectError(await feed(resigned({ ...withoutSid, sid: 'no-such-sign-in' })), 401, 'SESSION_REVOKED', REVOKED);
  });

  test('signout without a session still answers 204', async () => {
    expectSuccess(authEndpoints.signout, await target.call(authEndpoints.signout));
  });

  test('sign-in is limited per account: the 11th attempt in 15 minutes answers 429', async () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expectError(await target.call(authEndpoints.signin, { body: { email: employee.email, password: 'wrong-password' } }), 401, 'INVALID_CREDENTIALS');
    }
    const limited = await target.call(authEndpoints.signin, { body: { email: employee.email, password: employee.password } });
    expectError(limited, 429, 'RATE_LIMITED', 'Too many attempts. Please try again in 15 minutes.');
    expect(limited.headers['retry-after']).toBe('900');
    // Another account is not affected.
    await target.signIn(fixtureEmployee('Elite').email, employee.password);
    target.advance(15 * minute);
    await target.signIn(employee.email, employee.password);
  });
});
