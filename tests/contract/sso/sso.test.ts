import { accessEndpoints } from '@/contract/access';
import { authEndpoints } from '@/contract/auth';
import { invitationEndpoints } from '@/contract/invitations';
import { ssoEndpoints } from '@/contract/sso';
import { usersEndpoints } from '@/contract/users';
import { activityEndpoints } from '@/contract/activity';
import { SSO_EXPIRED_MESSAGE, SSO_FAILED_MESSAGE, SSO_OTHER_ACCOUNT_MESSAGE, SSO_PROFILE_EXPIRED_MESSAGE } from '@/domain/sso-rules';
import { privacyEndpoints } from '@/contract/privacy';
import { signInAtProvider, startIdentityProvider, type IdpAccount, type TestIdentityProvider } from '../../support/identity-provider';
import { DEFAULT_NOW, SSO_REDIRECT_URI, expectError, expectSuccess, targets, useTarget, type Client, type ContractTarget, type SsoSetup } from '../harness';

const people: IdpAccount[] = [
  { email: 'bea@wellness.test', emailVerified: true, givenName: 'Bea', familyName: 'Beginner' },
  { email: 'admin@wellness.test', emailVerified: true, givenName: 'Ada', familyName: 'Admin' },
  { email: 'nora@acme.com', emailVerified: true, givenName: 'Nora', familyName: 'Newcomer' },
  { email: 'sam@acme.com', emailVerified: false, givenName: 'Sam', familyName: 'Unverified' },
  { email: 'otto@elsewhere.example', emailVerified: true, givenName: 'Otto', familyName: 'Outsider' },
];

let idp: TestIdentityProvider;
beforeAll(async () => {
  idp = await startIdentityProvider({ redirectUris: [SSO_REDIRECT_URI] });
  for (const person of people) idp.addAccount(person);
});
afterAll(() => idp.close());

const setup = (passwordSignin = true): SsoSetup => ({ label: 'Acme SSO', passwordSignin, issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret });

/** The provider's answer for `email`: its real sign-in page, whichever host runs the API. */
const answerFor = async (authorizationUrl: string, email: string) => signInAtProvider(authorizationUrl, email, SSO_REDIRECT_URI);

/** 'Sign in with Acme SSO' as `email`, in `client`'s browser; returns the callback's response. */
const signInWithSso = async (target: ContractTarget, email: string, client: Client = target.client()) => {
  const { authorizationUrl } = expectSuccess(ssoEndpoints.start, await target.call(ssoEndpoints.start, { client }));
  const search = await answerFor(authorizationUrl, email);
  return { response: await target.call(ssoEndpoints.callback, { client, body: { search } }), search, client };
};

const profileForm = (level = 'Advanced') => {
  const form = new FormData();
  for (const [name, value] of Object.entries({ firstName: 'Nora', lastName: 'Newcomer', dateOfBirth: '1990-06-15', gender: 'female', levelOfCompetition: level })) form.append(name, value);
  return form;
};

describe.each(targets)('single sign-on on $name', (target) => {
  useTarget(target);
  beforeEach(() => target.reset(DEFAULT_NOW, undefined, setup()));

  test('the options name the button; without OIDC there is none and the start answers 404', async () => {
    expect(expectSuccess(accessEndpoints.options, await target.call(accessEndpoints.options))).toEqual({ signupMode: 'open', emailDomains: [], passwordSignin: true, sso: { label: 'Acme SSO' } });
    await target.reset(DEFAULT_NOW);
    expect(expectSuccess(accessEndpoints.options, await target.call(accessEndpoints.options))).toMatchObject({ passwordSignin: true, sso: null });
    expectError(await target.call(ssoEndpoints.start), 404, 'SSO_NOT_CONFIGURED', 'Single sign-on is not set up for this app');
  });

  test('the start leads to the provider with state, and back to the callback page', async () => {
    const { authorizationUrl } = expectSuccess(ssoEndpoints.start, await target.call(ssoEndpoints.start));
    expect(new URL(authorizationUrl).searchParams.get('state')?.length).toBeGreaterThanOrEqual(43);
    expect(new URL(`${SSO_REDIRECT_URI}${await answerFor(authorizationUrl, 'bea@wellness.test')}`).searchParams.get('code')).toBeTruthy();
  });

  test('an existing account signs in: the session, and a refresh that keeps it', async () => {
    const { response, client } = await signInWithSso(target, 'bea@wellness.test');
    const result = expectSuccess(ssoEndpoints.callback, response);
    expect(result).toMatchObject({ status: 'signed-in', session: { user: { email: 'bea@wellness.test', role: 'user' } } });
    const refreshed = expectSuccess(authEndpoints.refresh, await target.call(authEndpoints.refresh, { client }));
    expect(refreshed.user.email).toBe('bea@wellness.test');
  });

  test('an unconfirmed account made in the owner\'s name is replaced by SSO: the owner starts from the provider, the maker keeps no way in', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ firstName: 'Mallory', lastName: 'Masquerade', dateOfBirth: '1970-01-01', gender: 'male', levelOfCompetition: 'Elite' })) form.append(name, value);
    form.append('email', 'nora@acme.com');
    form.append('password', 'Squatter123!');
    const squatter = target.client();
    const planted = expectSuccess(authEndpoints.signup, await target.call(authEndpoints.signup, { client: squatter, formData: form }));
    await target.call(activityEndpoints.log, { token: planted.accessToken, body: { name: 'Running', movingTime: 300, startTime: '2026-11-20T07:30:00.000Z' } });

    const { response, client } = await signInWithSso(target, 'nora@acme.com');
    const profile = { email: 'nora@acme.com', firstName: 'Nora', lastName: 'Newcomer', levelOfCompetition: null };
    expect(expectSuccess(ssoEndpoints.callback, response)).toEqual({ status: 'profile-required', profile });
    expectError(await target.call(authEndpoints.signin, { body: { email: 'nora@acme.com', password: 'Squatter123!' } }), 401, 'INVALID_CREDENTIALS');
    expectError(await target.call(authEndpoints.refresh, { client: squatter }), 401, 'UNAUTHENTICATED'); // its sign-in is gone with it
    const owner = expectSuccess(ssoEndpoints.completeProfile, await target.call(ssoEndpoints.completeProfile, { client, formData: profileForm() }));
    expect(owner.user).toMatchObject({ email: 'nora@acme.com', firstName: 'Nora', lastName: 'Newcomer', levelOfCompetition: 'Advanced', profilePicture: null });
    expect(owner.user.id).not.toBe(planted.user.id);
    const month = expectSuccess(activityEndpoints.month, await target.call(activityEndpoints.month, { token: owner.accessToken, query: { startDate: '2026-11-01', endDate: '2026-11-30' } }));
    expect(month.activities).toEqual([]);
  });

  test('a newcomer completes the profile and is signed in, at the chosen level; the form cannot be sent twice', async () => {
    const { response, client } = await signInWithSso(target, 'nora@acme.com');
    const profile = { email: 'nora@acme.com', firstName: 'Nora', lastName: 'Newcomer', levelOfCompetition: null };
    expect(expectSuccess(ssoEndpoints.callback, response)).toEqual({ status: 'profile-required', profile });
    expect(expectSuccess(ssoEndpoints.profile, await target.call(ssoEndpoints.profile, { client }))).toEqual(profile);
    const session = expectSuccess(ssoEndpoints.completeProfile, await target.call(ssoEndpoints.completeProfile, { client, formData: profileForm() }));
    expect(session.user).toMatchObject({ email: 'nora@acme.com', levelOfCompetition: 'Advanced', gender: 'female' });
    expectError(await target.call(ssoEndpoints.completeProfile, { client, formData: profileForm() }), 400, 'SSO_FAILED', SSO_PROFILE_EXPIRED_MESSAGE);
    expect(expectSuccess(ssoEndpoints.callback, (await signInWithSso(target, 'nora@acme.com')).response).status).toBe('signed-in');
  });

  test("'Confirm with Acme SSO' gives an employee without a password the recent sign-in that deleting the account asks for", async () => {
    const { response, client } = await signInWithSso(target, 'nora@acme.com');
    expectSuccess(ssoEndpoints.callback, response);
    const joined = expectSuccess(ssoEndpoints.completeProfile, await target.call(ssoEndpoints.completeProfile, { client, formData: profileForm() }));
    target.advance(11 * 60 * 1000);
    expectError(await target.call(privacyEndpoints.deleteAccount, { client, token: joined.accessToken, body: {} }), 403, 'REAUTHENTICATION_REQUIRED', 'Please sign in again, then delete your account within 10 minutes');

    // Another person at the provider confirms nothing.
    const foreign = expectSuccess(ssoEndpoints.reauthenticate, await target.call(ssoEndpoints.reauthenticate, { client, token: joined.accessToken }));
    const foreignAnswer = await answerFor(foreign.authorizationUrl, 'bea@wellness.test');
    expectError(await target.call(ssoEndpoints.callback, { client, body: { search: foreignAnswer } }), 400, 'SSO_FAILED', SSO_OTHER_ACCOUNT_MESSAGE);

    const replaced = client.cookie('wc_refresh')!;
    const { authorizationUrl } = expectSuccess(ssoEndpoints.reauthenticate, await target.call(ssoEndpoints.reauthenticate, { client, token: joined.accessToken }));
    const answer = await answerFor(authorizationUrl, 'nora@acme.com');
    const confirmed = expectSuccess(ssoEndpoints.callback, await target.call(ssoEndpoints.callback, { client, body: { search: answer } }));
    if (confirmed.status !== 'reauthenticated') throw new Error(`expected a re-authentication, got ${confirmed.status}`);
    expect(confirmed.session.user.email).toBe('nora@acme.com');
    // The sign-in this browser held before ends with it.
    const before = target.client();
    before.setCookie('wc_refresh', replaced, '/api/auth');
    expectError(await target.call(authEndpoints.refresh, { client: before }), 401, 'SESSION_REVOKED');
    expectSuccess(privacyEndpoints.deleteAccount, await target.call(privacyEndpoints.deleteAccount, { client, token: confirmed.session.accessToken, body: {} }));
  });

  test("'Confirm with' is for a signed-in employee only", async () => {
    expectError(await target.call(ssoEndpoints.reauthenticate), 401, 'UNAUTHENTICATED');
    const admin = await target.signIn('admin@wellness.test', 'Admin123!');
    expectError(await target.call(ssoEndpoints.reauthenticate, { token: admin.accessToken }), 403, 'FORBIDDEN');
  });

  test('the profile without a sign-in first is refused', async () => {
    expectError(await target.call(ssoEndpoints.profile), 400, 'SSO_FAILED', SSO_PROFILE_EXPIRED_MESSAGE);
    expectError(await target.call(ssoEndpoints.completeProfile, { formData: profileForm() }), 400, 'SSO_FAILED', SSO_PROFILE_EXPIRED_MESSAGE);
  });

  test('wrong state: another attempt\'s answer is refused', async () => {
    const mine = target.client();
    expectSuccess(ssoEndpoints.start, await target.call(ssoEndpoints.start, { client: mine }));
    const { authorizationUrl } = expectSuccess(ssoEndpoints.start, await target.call(ssoEndpoints.start, { client: target.client() }));
    const search = await answerFor(authorizationUrl, 'bea@wellness.test');
    const response = await target.call(ssoEndpoints.callback, { client: mine, body: { search } });
    expectError(response, 400, 'SSO_FAILED', SSO_FAILED_MESSAGE);
    expect(mine.cookie('wc_refresh')).toBeUndefined();
  });

  test('an answer without the attempt cookie is refused; a used code is refused the second time', async () => {
    const { search, client } = await signInWithSso(target, 'bea@wellness.test');
    expectError(await target.call(ssoEndpoints.callback, { client, body: { search } }), 400, 'SSO_FAILED', SSO_EXPIRED_MESSAGE);
    const fresh = target.client();
    const start = await target.call(ssoEndpoints.start, { client: fresh });
    const attempt = fresh.cookie('wc_sso_attempt')!;
    const answer = await answerFor(expectSuccess(ssoEndpoints.start, start).authorizationUrl, 'bea@wellness.test');
    expectSuccess(ssoEndpoints.callback, await target.call(ssoEndpoints.callback, { client: fresh, body: { search: answer } }));
    fresh.setCookie('wc_sso_attempt', attempt, '/api/auth/sso');
    expectError(await target.call(ssoEndpoints.callback, { client: fresh, body: { search: answer } }), 400, 'SSO_FAILED', SSO_FAILED_MESSAGE);
  });

  test('an address the provider has not verified is refused', async () => {
    expectError((await signInWithSso(target, 'sam@acme.com')).response, 403, 'SSO_EMAIL_NOT_VERIFIED', 'Acme SSO has not verified the e-mail address of your account, so it cannot sign you in here; ask your IT team');
  });

  test('domain mode: an outside address is refused; invite mode: without an invitation too', async () => {
    await target.reset(DEFAULT_NOW, { signupMode: 'domain', emailDomains: ['acme.com'] }, setup());
    expectError((await signInWithSso(target, 'otto@elsewhere.example')).response, 403, 'EMAIL_DOMAIN_NOT_ALLOWED', 'Please use your company e-mail address (@acme.com)');
    await target.reset(DEFAULT_NOW, { signupMode: 'invite', emailDomains: [] }, setup());
    expectError((await signInWithSso(target, 'nora@acme.com')).response, 403, 'INVITATION_REQUIRED');
  });

  test('invite mode: an invitee joins through SSO at the invitation\'s level', async () => {
    await target.reset(DEFAULT_NOW, { signupMode: 'invite', emailDomains: [] }, setup());
    const admin = await target.signIn('admin@wellness.test', 'Admin123!');
    const invite = { email: 'nora@acme.com', firstName: 'Nora', lastName: 'Invited', levelOfCompetition: 'Elite' };
    expectSuccess(invitationEndpoints.invite, await target.call(invitationEndpoints.invite, { client: admin.client, body: invite, headers: { authorization: `Bearer ${admin.accessToken}` } }));
    const { response, client } = await signInWithSso(target, 'nora@acme.com');
    expect(expectSuccess(ssoEndpoints.callback, response)).toEqual({ status: 'profile-required', profile: { email: 'nora@acme.com', firstName: 'Nora', lastName: 'Invited', levelOfCompetition: 'Elite' } });
    const session = expectSuccess(ssoEndpoints.completeProfile, await target.call(ssoEndpoints.completeProfile, { client, formData: profileForm('Beginner') }));
    expect(session.user.levelOfCompetition).toBe('Elite');
  });

  test('PASSWORD_SIGNIN=false: every password way in is refused (admins too); single sign-on works', async () => {
    await target.reset(DEFAULT_NOW, undefined, setup(false));
    expect(expectSuccess(accessEndpoints.options, await target.call(accessEndpoints.options))).toMatchObject({ passwordSignin: false, sso: { label: 'Acme SSO' } });
    const refusal = "Password sign-in is switched off for this organisation: please use 'Sign in with Acme SSO'";
    expectError(await target.call(authEndpoints.signin, { body: { email: 'admin@wellness.test', password: 'Admin123!' } }), 403, 'PASSWORD_SIGNIN_DISABLED', refusal);
    const signup = profileForm();
    signup.append('email', 'nora@acme.com');
    signup.append('password', 'Secret123!');
    expectError(await target.call(authEndpoints.signup, { formData: signup }), 403, 'PASSWORD_SIGNIN_DISABLED', refusal);
    expectError(await target.call(authEndpoints.forgotPassword, { body: { email: 'bea@wellness.test' } }), 403, 'PASSWORD_SIGNIN_DISABLED', refusal);
    expectError(await target.call(authEndpoints.checkResetToken, { query: { token: 'any' } }), 403, 'PASSWORD_SIGNIN_DISABLED', refusal);
    expectError(await target.call(authEndpoints.resetPassword, { query: { token: 'any' }, body: { newPassword: 'Another123!' } }), 403, 'PASSWORD_SIGNIN_DISABLED', refusal);
    expect(target.mails()).toEqual([]);

    const { response } = await signInWithSso(target, 'admin@wellness.test');
    const result = expectSuccess(ssoEndpoints.callback, response);
    if (result.status !== 'signed-in') throw new Error('the admin was not signed in');
    const bea = people[0]!;
    const users = await target.call(usersEndpoints.list, { headers: { authorization: `Bearer ${result.session.accessToken}` }, query: { page: 1, pageSize: 10 } });
    const beaId = (users.body as { rows: { id: number; email: string }[] }).rows.find((row) => row.email === bea.email)!.id;
    expectError(await target.call(usersEndpoints.sendResetMail, { params: { id: beaId }, headers: { authorization: `Bearer ${result.session.accessToken}` } }), 403, 'PASSWORD_SIGNIN_DISABLED', refusal);
  });
});
