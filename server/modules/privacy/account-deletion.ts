import type { Logger } from '../../logger';
import { notFound } from '@/domain/errors';
import type { AuthUser } from '../../http/access-token';
import type { AppDeps } from '../../deps';
import { writeForUser } from '../../db/user-write-lock';
import { removePhoto } from '../../http/photo-storage';
import { trackerServiceOf } from '../trackers/tasks';
import { privacyRepo } from './repo';
import { deletionTracesRepo } from './deletion-traces-repo';

export type DeletionDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'jobs' | 'trackers' | 'photos' | 'metrics' | 'mailer'>;

/**
 * Deletes an employee's account, the one way for both 'Delete my account' and an admin's deletion
 * (docs/product-rules.md#account-deletion):
 * 1. tracker grants are withdrawn at Strava and Google (failures logged; the deletion goes on: the
 *    tokens are deleted with the row either way);
 * 2. in one transaction under the person's write lock: their audit entries are anonymised, the rows
 *    that name them are deleted (every user_id table by cascade, scores and the overview groups with
 *    them), and one entry without personal data records the deletion;
 * 3. after the commit, the photo file (a failed deletion never loses the photo of an existing user)
 *    and the outbox mails that name them; jobs whose payload names them go inside the transaction.
 * Signed-in sessions end with the user row: the next request's liveness check refuses them.
 */
export const deleteAccount = async (deps: DeletionDeps, caller: AuthUser, userId: number, log: Logger) => {
  await trackerServiceOf(deps, log).revokeAllOf(userId, log);
  const deleted = await writeForUser(deps.db, userId, async (tx) => {
    const repo = privacyRepo(tx);
    const row = await repo.findAccountForUpdate(userId);
    if (!row) throw notFound('User not found');
    await repo.anonymiseAuditEntries(userId);
    await repo.deletePersonRows(userId, row.email);
    await deletionTracesRepo(tx).forgetJobsNaming(row.email);
    await repo.recordDeletion(deps.clock.now(), caller, userId, caller.id === userId ? 'self' : 'admin');
    return { photo: row.profilePicture, email: row.email };
  });
  await deps.mailer.forget?.(deleted.email).catch((error: unknown) => log.warn({ err: error }, 'removing the outbox mails of a deleted account failed'));
  const photo = deleted.photo;
  if (photo)
    await removePhoto(deps.photos, photo).catch((error: unknown) =>
      log.warn({ err: error }, 'removing the photo of a deleted account failed'),
    );
};
