import { EMAIL_CHANGED_MESSAGE, INVALID_CONFIRMATION_MESSAGE } from '@/domain/access-mails';
import { assertEmailDomainAllowed } from '@/domain/access-policy';
import { badRequest } from '@/domain/errors';
import { rateLimitRules } from '@/domain/rate-limit-rules';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { consumeRateLimit } from '../../http/rate-limit';
import { auditRepo } from '../audit/repo';
import { emailTaken } from '../auth/service';
import { usersRepo } from '../users/repo';
import { accessRepo } from './repo';

type Deps = Pick<AppDeps, 'config' | 'jobs'>;
type Account = { id: number; email: string; emailConfirmedAt: Date | null; pendingEmail: string | null };

/**
 * An employee asks for another address (docs/access.md#changing-the-e-mail-address), inside the
 * profile save's transaction (the caller holds the user's write lock). Domain mode keeps it in the
 * company's domains and it must be free. A confirmed account keeps its address until the link
 * mailed to the new one is opened (users.pending_email), so nobody signs in with, or is reset
 * through, an address they do not own; an unconfirmed account has nothing to keep: its address
 * changes at once and the confirmation link goes to the new one. Asking for the current address
 * drops a pending change. Each request mails someone: rate limited like 'Send the link again'.
 */
export const requestEmailChange = async (deps: Deps, tx: DbOrTx, account: Account, email: string, now: Date) => {
  const repo = accessRepo(tx);
  if (email === account.email) {
    if (account.pendingEmail === null) return;
    await repo.setPendingEmail(account.id, null, now);
    await repo.expireConfirmationTokensOfUser(account.id, now);
    return;
  }
  assertEmailDomainAllowed(deps.config.signup, email);
  if (await usersRepo(tx).findUserRowByEmail(email)) throw emailTaken();
  await consumeRateLimit(tx, rateLimitRules.confirmResendPerAccount, String(account.id), now);
  // Links mailed before (to the old address, or to an earlier new one) confirm nothing any more.
  await repo.expireConfirmationTokensOfUser(account.id, now);
  if (account.emailConfirmedAt) {
    await repo.setPendingEmail(account.id, email, now);
  } else {
    await repo.applyEmailChange(account.id, email, now);
    await auditRepo(tx).auditOwnAction(account.id, { at: now, action: 'auth.email_changed', before: { email: account.email }, after: { email } });
  }
  await deps.jobs.send('mail.confirm-email', { userId: account.id }, { tx });
};

/**
 * The link mailed to a new address was opened: it becomes the account's address, if it is still
 * the one asked for (a later request replaced it otherwise), still allowed and still free.
 */
export const confirmEmailChange = async (deps: Pick<AppDeps, 'config'>, tx: DbOrTx, userId: number, email: string, now: Date) => {
  const repo = accessRepo(tx);
  const account = await repo.addressesForUpdate(userId);
  if (!account || account.pendingEmail !== email) throw badRequest(INVALID_CONFIRMATION_MESSAGE, 'INVALID_CONFIRMATION_TOKEN');
  assertEmailDomainAllowed(deps.config.signup, email);
  if (await usersRepo(tx).findUserRowByEmail(email)) throw emailTaken();
  await repo.applyEmailChange(userId, email, now);
  await repo.expireConfirmationTokensOfUser(userId, now);
  await auditRepo(tx).auditOwnAction(userId, { at: now, action: 'auth.email_changed', before: { email: account.email }, after: { email } });
  return { message: EMAIL_CHANGED_MESSAGE };
};
