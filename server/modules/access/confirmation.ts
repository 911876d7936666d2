import { CONFIRMATION_SENT_MESSAGE, EMAIL_CONFIRMED_MESSAGE, INVALID_CONFIRMATION_MESSAGE, confirmEmailMail } from '@/domain/access-mails';
import { badRequest } from '@/domain/errors';
import { rateLimitRules } from '@/domain/rate-limit-rules';
import type { AppDeps } from '../../deps';
import { consumeRateLimit } from '../../http/rate-limit';
import { randomToken, sha256 } from '../../http/tokens';
import { lockUserWrites } from '../../db/user-write-lock';
import { auditRepo } from '../audit/repo';
import { scoringService } from '../scoring/service';
import { usersRepo } from '../users/repo';
import { accessRepo } from './repo';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'jobs'>;

export const invalidConfirmationToken = () => badRequest(INVALID_CONFIRMATION_MESSAGE, 'INVALID_CONFIRMATION_TOKEN');

/**
 * Issues a single-use link (256 random bits, stored hashed, EMAIL_CONFIRMATION_TTL_HOURS) and mails
 * `${APP_ORIGIN}/confirm-email?token=...`. Run by the 'mail.confirm-email' job: the raw token
 * exists only in the mail. An account confirmed (or deleted) meanwhile gets nothing.
 */
export const sendConfirmationMail = async (deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer'>, userId: number) => {
  const user = await usersRepo(deps.db).findUserRowById(userId);
  if (!user || user.emailConfirmedAt) return;
  const now = deps.clock.now();
  const token = randomToken(32);
  await accessRepo(deps.db).insertConfirmationToken({
    userId,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + deps.config.confirmationTtlHours * 60 * 60 * 1000),
  });
  const link = `${deps.config.appOrigin}/confirm-email?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(confirmEmailMail(user, link, deps.config.confirmationTtlHours));
};

/** From that moment the account appears in the feed, on the leaderboards and in the insight groups. */
const confirm = async (deps: Deps, token: string) => {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const repo = accessRepo(tx);
    const userId = await repo.consumeConfirmationToken(sha256(token), now);
    if (userId === null) throw invalidConfirmationToken();
    // Before the user's row: every writer of the person takes this lock first.
    await lockUserWrites(tx, userId);
    await repo.markEmailConfirmed(userId, now);
    await repo.expireConfirmationTokensOfUser(userId, now);
    await scoringService().rescoreConfirmed(tx, userId);
    await auditRepo(tx).auditOwnAction(userId, { at: now, action: 'auth.email_confirmed' });
  });
  return { message: EMAIL_CONFIRMED_MESSAGE };
};

/** 'Send the link again': a confirmed account has nothing to resend (same answer, nothing sent). */
const resend = async (deps: Deps, userId: number) => {
  const now = deps.clock.now();
  await consumeRateLimit(deps.db, rateLimitRules.confirmResendPerAccount, String(userId), now);
  if ((await accessRepo(deps.db).emailConfirmedAt(userId)) === null) await deps.jobs.send('mail.confirm-email', { userId });
  return { message: CONFIRMATION_SENT_MESSAGE };
};

const status = async (deps: Deps, userId: number) => ({ emailConfirmed: Boolean(await accessRepo(deps.db).emailConfirmedAt(userId)) });

export const confirmationService = (deps: Deps) => ({
  confirm: (token: string) => confirm(deps, token),
  resend: (userId: number) => resend(deps, userId),
  status: (userId: number) => status(deps, userId),
});
