import { CONFIRMATION_SENT_MESSAGE, EMAIL_CONFIRMED_MESSAGE, INVALID_CONFIRMATION_MESSAGE, confirmEmailMail } from '@/domain/access-mails';
import { mockClock } from '../clock';
import { findUserById, mockDb, nowIso, type MockUser } from '../db';
import { badRequest } from '../errors';
import { mockOutbox } from '../outbox';
import { randomToken } from '../random';
import { consumeRateLimit, rateLimitRules } from '../auth/rate-limit';
import { mockAuditOwnAction } from '../handlers/audit';

/** The API's modules/access/confirmation.ts over the mock db (same TTL as the server's default). */
export const CONFIRMATION_TTL_HOURS = 72;

const appOrigin = () => (typeof location !== 'undefined' && location.origin !== 'null' ? location.origin : 'http://localhost:3000');
const tokens = () => (mockDb.emailConfirmationTokens ??= []);

export const sendConfirmationMail = (user: MockUser) => {
  if (user.emailConfirmedAt !== null) return;
  const now = mockClock.now();
  const token = randomToken(32);
  const rows = tokens();
  rows.push({
    id: rows.length + 1,
    userId: user.id,
    token,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_HOURS * 3600 * 1000).toISOString(),
    usedAt: null,
  });
  mockOutbox.send(confirmEmailMail(user, `${appOrigin()}/confirm-email?token=${encodeURIComponent(token)}`, CONFIRMATION_TTL_HOURS));
};

export const confirmEmail = (token: string) => {
  const now = mockClock.now();
  const row = tokens().find((candidate) => candidate.token === token && !candidate.usedAt && new Date(candidate.expiresAt) > now);
  const user = row ? findUserById(row.userId) : undefined;
  if (!row || !user) throw badRequest(INVALID_CONFIRMATION_MESSAGE, 'INVALID_CONFIRMATION_TOKEN');
  const at = nowIso();
  if (user.emailConfirmedAt === null) user.emailConfirmedAt = at;
  for (const other of tokens()) if (other.userId === user.id && !other.usedAt) other.usedAt = at;
  mockAuditOwnAction(user, 'auth.email_confirmed');
  return { message: EMAIL_CONFIRMED_MESSAGE };
};

export const resendConfirmation = (userId: number) => {
  consumeRateLimit(rateLimitRules.confirmResendPerAccount, String(userId));
  const user = findUserById(userId);
  if (user) sendConfirmationMail(user);
  return { message: CONFIRMATION_SENT_MESSAGE };
};

export const confirmationStatus = (userId: number) => ({ emailConfirmed: findUserById(userId)?.emailConfirmedAt !== null });
