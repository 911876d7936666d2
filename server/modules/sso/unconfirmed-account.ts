import { assertSsoNewcomerAllowed } from '@/domain/sso-rules';
import type { Logger } from '../../logger';
import type { AppDeps } from '../../deps';
import { writeForUser } from '../../db/user-write-lock';
import { removePhoto } from '../../http/photo-storage';
import { privacyRepo } from '../privacy/repo';
import { deletionTracesRepo } from '../privacy/deletion-traces-repo';
import { trackerServiceOf } from '../trackers/tasks';
import type { UserRow } from '../users/serialize';
import { ssoRepo } from './repo';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'trackers' | 'jobs' | 'photos' | 'metrics' | 'mailer'>;

/**
 * Single sign-on found an employee account whose address nobody had proven (docs/security.md#single-sign-on).
 * Whoever made it may not be the address's owner, so nothing of it becomes the owner's: the owner
 * arrives as a newcomer would (the sign-up policy decides; the profile starts from the provider's
 * names), and the account is deleted first, in one transaction under its write lock, as an account
 * deletion deletes (its audit entries anonymised, its queued jobs gone, one 'user.delete' entry by
 * single sign-on), then its photo and outbox mails. Its fitness services are disconnected before.
 * Returns false when there was nothing to replace (an admin, or the link was opened meanwhile).
 */
export const replaceUnconfirmedAccount = async (deps: Deps, account: UserRow, log: Logger) => {
  if (account.role !== 'user' || account.emailConfirmedAt !== null) return false;
  const now = deps.clock.now();
  const invitation = await ssoRepo(deps.db).findOpenInvitationByEmail(account.email, now);
  assertSsoNewcomerAllowed(deps.config.signup, account.email, invitation !== null);
  await trackerServiceOf(deps, log).disconnectAll(account.id, log);
  const replaced = await writeForUser(deps.db, account.id, async (tx) => {
    const row = await ssoRepo(tx).lockUnconfirmedEmployee(account.id);
    if (!row) return null;
    const repo = privacyRepo(tx);
    await repo.anonymiseAuditEntries(account.id);
    await ssoRepo(tx).deleteUnconfirmedEmployee(account.id);
    await deletionTracesRepo(tx).forgetJobsNaming(row.email);
    await repo.recordDeletion(now, { system: 'single-sign-on' }, account.id, 'sso-claim');
    return row;
  });
  if (!replaced) return false;
  await deps.mailer.forget?.(replaced.email).catch((error: unknown) => log.warn({ err: error }, 'removing the outbox mails of a replaced account failed'));
  if (replaced.profilePicture) await removePhoto(deps.photos, replaced.profilePicture).catch((error: unknown) => log.warn({ err: error }, 'removing the photo of a replaced account failed'));
  return true;
};
