import { CONFIRMATION_SENT_MESSAGE, EMAIL_CHANGED_MESSAGE, EMAIL_CONFIRMED_MESSAGE, INVALID_CONFIRMATION_MESSAGE, confirmEmailChangeMail, confirmEmailMail } from '@/domain/access-mails';
import { mockClock } from '../clock';
import { findUserByEmail, findUserById, isEmailConfirmed, mockDb, nowIso, type MockUser } from '../db';
import { badRequest, emailTaken } from '../errors';
import { mockOutbox } from '../outbox';
import { randomToken } from '../random';
import { consumeRateLimit, rateLimitRules } from '../auth/rate-limit';
import { mockAuditOwnAction } from '../handlers/audit';
import { assertEmailDomainAllowed } from './signup-policy';

/** The API's modules/access/confirmation.ts over the mock db (same TTL as the server's default). */
export const CONFIRMATION_TTL_HOURS = 72;

const appOrigin = () => (typeof location !== 'undefined' && location.origin !== 'null' ? location.origin : 'http://localhost:3000');
const tokens = () => (mockDb.emailConfirmationTokens ??= []);

/** What is owed, as the server's job: an unconfirmed account's own address, or else its pending new one. */
export const sendConfirmationMail = (user: MockUser) => {
  const confirmed = isEmailConfirmed(user);
  const newAddress = confirmed ? (user.pendingEmail ?? null) : null;
  if (confirmed && !newAddress) return;
  const now = mockClock.now();
  const token = randomToken(32);
  const rows = tokens();
  rows.push({
    id: rows.length + 1,
    userId: user.id,
    token,
    email: newAddress,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_HOURS * 3600 * 1000).toISOString(),
    usedAt: null,
  });
  const link = `${appOrigin()}/confirm-email?token=${encodeURIComponent(token)}`;
  mockOutbox.send(newAddress ? confirmEmailChangeMail({ email: newAddress, firstName: user.firstName }, link, CONFIRMATION_TTL_HOURS) : confirmEmailMail(user, link, CONFIRMATION_TTL_HOURS));
};

/** Every open confirmation link of the account stops working. */
export const expireLinksOf = (userId: number, at: string) => {
  for (const row of tokens()) if (row.userId === userId && !row.usedAt) row.usedAt = at;
};

/** The API's modules/access/email-change.ts: a confirmed account keeps its address until the new one's link is opened. */
export const requestEmailChange = (user: MockUser, email: string) => {
  const at = nowIso();
  if (email === user.email) {
    if (!user.pendingEmail) return;
    Object.assign(user, { pendingEmail: null, updatedAt: at });
    expireLinksOf(user.id, at);
    return;
  }
  assertEmailDomainAllowed(email);
  if (findUserByEmail(email)) throw emailTaken();
  consumeRateLimit(rateLimitRules.confirmResendPerAccount, String(user.id));
  expireLinksOf(user.id, at);
  if (isEmailConfirmed(user)) {
    Object.assign(user, { pendingEmail: email, updatedAt: at });
  } else {
    const before = user.email;
    Object.assign(user, { email, pendingEmail: null, updatedAt: at });
    mockAuditOwnAction(user, 'auth.email_changed', { before: { email: before }, after: { email } });
  }
  sendConfirmationMail(user);
};

const confirmChange = (user: MockUser, email: string) => {
  if (user.pendingEmail !== email) throw badRequest(INVALID_CONFIRMATION_MESSAGE, 'INVALID_CONFIRMATION_TOKEN');
  assertEmailDomainAllowed(email);
  if (findUserByEmail(email)) throw emailTaken();
  const at = nowIso();
  const before = user.email;
  Object.assign(user, { email, pendingEmail: null, updatedAt: at });
  expireLinksOf(user.id, at);
  mockAuditOwnAction(user, 'auth.email_changed', { before: { email: before }, after: { email } });
  return { message: EMAIL_CHANGED_MESSAGE };
};

export const confirmEmail = (token: string) => {
  const now = mockClock.now();
  const row = tokens().find((candidate) => candidate.token === token && !candidate.usedAt && new Date(candidate.expiresAt) > now);
  const user = row ? findUserById(row.userId) : undefined;
  if (!row || !user) throw badRequest(INVALID_CONFIRMATION_MESSAGE, 'INVALID_CONFIRMATION_TOKEN');
  if (row.email) {
    const answer = confirmChange(user, row.email);
    row.usedAt = nowIso();
    return answer;
  }
  const at = nowIso();
  if (user.emailConfirmedAt === null) user.emailConfirmedAt = at;
  expireLinksOf(user.id, at);
  mockAuditOwnAction(user, 'auth.email_confirmed');
  return { message: EMAIL_CONFIRMED_MESSAGE };
};

export const resendConfirmation = (userId: number) => {
  consumeRateLimit(rateLimitRules.confirmResendPerAccount, String(userId));
  const user = findUserById(userId);
  if (user) sendConfirmationMail(user);
  return { message: CONFIRMATION_SENT_MESSAGE };
};

export const confirmationStatus = (userId: number) => {
  const user = findUserById(userId);
  const emailConfirmed = isEmailConfirmed(user);
  return { emailConfirmed, pendingEmail: emailConfirmed ? (user?.pendingEmail ?? null) : null };
};
