import { CONFIRMATION_SENT_MESSAGE, EMAIL_CONFIRMED_MESSAGE, INVALID_CONFIRMATION_MESSAGE, confirmEmailChangeMail, confirmEmailMail } from '@/domain/access-mails';
import { badRequest } from '@/domain/errors';
import { rateLimitRules } from '@/domain/rate-limit-rules';
import type { AppDeps } from '../../deps';
import { consumeRateLimit } from '../../http/rate-limit';
import { randomToken, sha256 } from '../../http/tokens';
import { lockUserWrites } from '../../db/user-write-lock';
import { auditRepo } from '../audit/repo';
import { emailTaken, isUniqueViolation } from '../auth/service';
import { scoringService } from '../scoring/service';
import { usersRepo } from '../users/repo';
import { confirmEmailChange } from './email-change';
import { accessRepo } from './repo';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'jobs'>;

export const invalidConfirmationToken = () => badRequest(INVALID_CONFIRMATION_MESSAGE, 'INVALID_CONFIRMATION_TOKEN');

/**
 * Issues a single-use link (256 random bits, stored hashed, EMAIL_CONFIRMATION_TTL_HOURS) and mails
 * `${APP_ORIGIN}/confirm-email?token=...`. Run by the 'mail.confirm-email' job: the raw token
 * exists only in the mail. What is owed: an unconfirmed account's own address, or else the new
 * address it asked for (the link records it); an account with neither (or deleted) gets nothing.
 */
export const sendConfirmationMail = async (deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer'>, userId: number) => {
  const user = await usersRepo(deps.db).findUserRowById(userId);
  const newAddress = user?.emailConfirmedAt ? user.pendingEmail : null;
  if (!user || (user.emailConfirmedAt && !newAddress)) return;
  const now = deps.clock.now();
  const token = randomToken(32);
  // The link names the address it is mailed to, own or new: it confirms that address or nothing.
  await accessRepo(deps.db).insertConfirmationToken({
    userId,
    tokenHash: sha256(token),
    email: newAddress ?? user.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + deps.config.confirmationTtlHours * 60 * 60 * 1000),
  });
  const link = `${deps.config.appOrigin}/confirm-email?token=${encodeURIComponent(token)}`;
  const ttl = deps.config.confirmationTtlHours;
  await deps.mailer.send(newAddress ? confirmEmailChangeMail({ email: newAddress, firstName: user.firstName }, link, ttl) : confirmEmailMail(user, link, ttl));
};

/** From that moment the account appears in the feed, on the leaderboards and in the insight groups; or its new address is its address. */
const confirm = async (deps: Deps, token: string) => {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const repo = accessRepo(tx);
    const link = await repo.consumeConfirmationToken(sha256(token), now);
    // A link that names no address (issued before links named theirs) confirms nothing.
    if (link === null || link.email === null) throw invalidConfirmationToken();
    // Before the user's row: every writer of the person takes this lock first.
    await lockUserWrites(tx, link.userId);
    const account = await repo.addressesForUpdate(link.userId);
    if (account && account.pendingEmail === link.email) return confirmEmailChange(deps, tx, link.userId, link.email, now);
    // The account's own address, if it is still the one the link was mailed to (it may have changed meanwhile).
    if (!account || account.email !== link.email) throw invalidConfirmationToken();
    await repo.markEmailConfirmed(link.userId, now);
    await repo.expireConfirmationTokensOfUser(link.userId, now);
    await scoringService().rescoreConfirmed(tx, link.userId);
    await auditRepo(tx).auditOwnAction(link.userId, { at: now, action: 'auth.email_confirmed' });
    return { message: EMAIL_CONFIRMED_MESSAGE };
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw emailTaken(); // the new address was taken the moment before
    throw error;
  });
};

/** 'Send the link again': an account with nothing to confirm gets the same answer, and nothing. */
const resend = async (deps: Deps, userId: number) => {
  const now = deps.clock.now();
  await consumeRateLimit(deps.db, rateLimitRules.confirmResendPerAccount, String(userId), now);
  const status = await accessRepo(deps.db).confirmationStatusOf(userId);
  if (status && (status.at === null || status.pendingEmail !== null)) await deps.jobs.send('mail.confirm-email', { userId });
  return { message: CONFIRMATION_SENT_MESSAGE };
};

const status = async (deps: Deps, userId: number) => {
  const row = await accessRepo(deps.db).confirmationStatusOf(userId);
  return { emailConfirmed: Boolean(row?.at), pendingEmail: row?.at ? row.pendingEmail : null };
};

export const confirmationService = (deps: Deps) => ({
  confirm: (token: string) => confirm(deps, token),
  resend: (userId: number) => resend(deps, userId),
  status: (userId: number) => status(deps, userId),
});
