import type { SsoProfile, SsoProfileBody } from '@/contract/sso';
import { SSO_CALLBACK_PATH } from '@/contract/sso';
import { SSO_EXPIRED_MESSAGE, SSO_OTHER_ACCOUNT_MESSAGE, SSO_PROFILE_EXPIRED_MESSAGE, assertSsoNewcomerAllowed, namesOf, ssoFailed, ssoNotConfigured, verifiedEmailOf } from '@/domain/sso-rules';
import { mockClock } from '../clock';
import { findUserByEmail, mockDb, nowIso, type MockSsoCode, type MockSsoNewcomer, type MockUser } from '../db';
import type { MockPhoto } from '../multipart';
import { randomToken } from '../random';
import { insertEmployee } from '../auth/accounts';
import { emailTaken } from '../errors';
import { consumeRateLimit, MOCK_ADDRESS, rateLimitRules } from '../auth/rate-limit';
import { createRefreshSession, revokeAllSessionsOfUser, revokeFamily } from '../auth/sessions';
import { expireLinksOf } from '../access/confirmation';
import { mockAccess } from '../access/settings';
import { mockAudit, mockAuditOwnAction } from '../handlers/audit';
import { mockSso } from './settings';
import { endMockConnection } from '../trackers/end-connection';

/**
 * Single sign-on as the API's modules/sso does it, with the identity provider simulated: 'Sign in
 * with' leads straight back to the callback page with a single-use code for the identity QA chose
 * (mocks/sso/settings.ts). State, expiry, single use and the sign-up policy are checked as on the server.
 */
const MOCK_ISSUER = 'https://sso.mock.invalid';
const CODE_TTL_MS = 60 * 1000;
const ATTEMPT_TTL_MS = 10 * 60 * 1000;
const NEWCOMER_TTL_MS = 30 * 60 * 1000;

const appOrigin = () => (typeof location !== 'undefined' && location.origin !== 'null' ? location.origin : 'http://localhost:3000');
const codes = () => (mockDb.ssoCodes ??= []);
const newcomers = () => (mockDb.ssoNewcomers ??= []);
const labelOrRefuse = () => mockSso.settings().label ?? (() => { throw ssoNotConfigured(); })();

const openInvitation = (email: string) => {
  const now = mockClock.now();
  return (mockDb.invitations ?? []).find((row) => row.email === email && !row.acceptedAt && !row.revokedAt && new Date(row.expiresAt) > now) ?? null;
};

/**
 * The attempt cookie's value: the state, and until when it may come back (the server seals both).
 * `reauthenticate`: 'Confirm with' of a signed-in employee (the simulated provider always asks again).
 */
export const startSso = (reauthenticate?: MockSsoCode['reauthenticate']) => {
  labelOrRefuse();
  const state = randomToken(32);
  const { identity } = mockSso.settings();
  const code = randomToken(32);
  const now = mockClock.now().getTime();
  codes().push({ code, state, ...identity, expiresAt: new Date(now + CODE_TTL_MS).toISOString(), usedAt: null, ...(reauthenticate ? { reauthenticate } : {}) });
  const callback = new URL(SSO_CALLBACK_PATH, appOrigin());
  callback.search = new URLSearchParams({ code, state, iss: MOCK_ISSUER }).toString();
  return { authorizationUrl: callback.href, attempt: `${state}.${now + ATTEMPT_TTL_MS}` };
};

const redeem = (search: string, attempt: string | undefined) => {
  const [state, until] = (attempt ?? '').split('.');
  if (!state || !(Number(until) > mockClock.now().getTime())) throw ssoFailed(SSO_EXPIRED_MESSAGE);
  const params = new URLSearchParams(search);
  if (params.get('error') || params.get('state') !== state || params.get('iss') !== MOCK_ISSUER) throw ssoFailed();
  const row = codes().find((candidate) => candidate.code === params.get('code') && candidate.state === state);
  if (!row || row.usedAt || new Date(row.expiresAt) <= mockClock.now()) throw ssoFailed();
  row.usedAt = nowIso();
  return row;
};

/**
 * An address nobody had proven is claimed by the provider's word, as on the server
 * (modules/sso/service.ts): its trackers disconnected, confirmed, its password removed, every
 * sign-in ended. What the audit adds.
 */
const claimUnconfirmed = (account: MockUser) => {
  if (account.emailConfirmedAt !== null) return {};
  for (const service of ['STRAVA', 'FITBIT'] as const) endMockConnection(account.id, service);
  const passwordRemoved = account.passwordHash !== '';
  const sessionsEnded = new Set(mockDb.refreshSessions.filter((session) => session.userId === account.id && !session.revokedAt).map((session) => session.familyId)).size;
  Object.assign(account, { emailConfirmedAt: nowIso(), passwordHash: '', updatedAt: nowIso() });
  revokeAllSessionsOfUser(account.id);
  expireLinksOf(account.id, nowIso());
  return { emailConfirmed: true, passwordRemoved, sessionsEnded };
};

export type MockCallbackOutcome = { kind: 'signed-in' | 'reauthenticated'; userId: number; refreshToken: string } | { kind: 'profile-required'; newcomerId: string; profile: SsoProfile };

/** 'Confirm with' came back, as on the server (modules/sso/service.ts): the same account gets a new sign-in, the one of `refreshToken` ends. */
const reauthenticated = (who: NonNullable<MockSsoCode['reauthenticate']>, email: string, refreshToken: string | undefined): MockCallbackOutcome => {
  const account = findUserByEmail(email);
  if (!account || account.id !== who.userId) throw ssoFailed(SSO_OTHER_ACCOUNT_MESSAGE);
  const replaced = mockDb.refreshSessions.find((session) => session.token === refreshToken && session.userId === account.id);
  if (replaced) revokeFamily(replaced.familyId, mockClock.now());
  mockAudit({ actor: { id: account.id, role: account.role }, action: 'auth.sso_signin', subject: account, after: { issuer: MOCK_ISSUER, reauthenticated: true } });
  return { kind: 'reauthenticated', userId: account.id, refreshToken: createRefreshSession(account.id) };
};

export const ssoCallback = (search: string, attempt: string | undefined, refreshToken?: string): MockCallbackOutcome => {
  const label = labelOrRefuse();
  const identity = redeem(search, attempt);
  const email = verifiedEmailOf({ email: identity.email, email_verified: identity.emailVerified }, label);
  if (identity.reauthenticate) return reauthenticated(identity.reauthenticate, email, refreshToken);
  const account = findUserByEmail(email);
  if (account) {
    mockAudit({ actor: { id: account.id, role: account.role }, action: 'auth.sso_signin', subject: account, after: { issuer: MOCK_ISSUER, ...claimUnconfirmed(account) } });
    return { kind: 'signed-in', userId: account.id, refreshToken: createRefreshSession(account.id) };
  }
  const invitation = openInvitation(email);
  assertSsoNewcomerAllowed(mockAccess.policy(), email, invitation !== null);
  const names = invitation ? { firstName: invitation.firstName, lastName: invitation.lastName } : namesOf({ given_name: identity.givenName, family_name: identity.familyName });
  const newcomer: MockSsoNewcomer = { id: randomToken(24), email, ...names, expiresAt: new Date(mockClock.now().getTime() + NEWCOMER_TTL_MS).toISOString() };
  newcomers().push(newcomer);
  return { kind: 'profile-required', newcomerId: newcomer.id, profile: { email, ...names, levelOfCompetition: invitation?.levelOfCompetition ?? null } };
};

const newcomerOf = (id: string | undefined) => {
  const row = newcomers().find((candidate) => candidate.id === id && new Date(candidate.expiresAt) > mockClock.now());
  if (!row) throw ssoFailed(SSO_PROFILE_EXPIRED_MESSAGE);
  return row;
};

export const ssoProfile = (id: string | undefined): SsoProfile => {
  const row = newcomerOf(id);
  return { email: row.email, firstName: row.firstName, lastName: row.lastName, levelOfCompetition: openInvitation(row.email)?.levelOfCompetition ?? null };
};

export const completeSsoProfile = (id: string | undefined, fields: SsoProfileBody, photo: MockPhoto | undefined) => {
  const row = newcomerOf(id);
  consumeRateLimit(rateLimitRules.signupPerAddress, MOCK_ADDRESS);
  if (photo) consumeRateLimit(rateLimitRules.uploadBytesPerAddress, MOCK_ADDRESS, photo.bytes.length);
  if (findUserByEmail(row.email)) throw emailTaken();
  const invitation = openInvitation(row.email);
  assertSsoNewcomerAllowed(mockAccess.policy(), row.email, invitation !== null);
  const now = nowIso();
  if (invitation) invitation.acceptedAt = now;
  const level = invitation?.levelOfCompetition ?? fields.levelOfCompetition;
  // No password (an empty hash, as on the server): the company account is the way in.
  const user = insertEmployee({ ...fields, email: row.email, passwordHash: '', levelOfCompetition: level }, photo, { now, confirmed: true });
  mockAudit({ actor: { id: user.id, role: user.role }, action: 'auth.sso_signup', subject: user, after: { issuer: MOCK_ISSUER, levelOfCompetition: level } });
  if (invitation) mockAuditOwnAction(user, 'invitation.accept');
  mockDb.ssoNewcomers = newcomers().filter((candidate) => candidate.id !== row.id);
  return { userId: user.id, refreshToken: createRefreshSession(user.id) };
};
