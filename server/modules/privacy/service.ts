import type { Logger } from '../../logger';
import { dataExportOf, exportNotReady, type FileDownload } from '@/domain/privacy';
import type { AuthUser } from '../../http/access-token';
import type { AppDeps } from '../../deps';
import { deleteAccount } from './account-deletion';
import { privacyRepo } from './repo';
import { identityCheck } from './reauthentication';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'jobs' | 'trackers' | 'passwords' | 'photos' | 'metrics' | 'mailer'>;

/** The employee's privacy self-service (docs/access.md#privacy-self-service). */
export const privacyService = (deps: Deps) => {
  const confirmIdentity = identityCheck(deps);
  const reads = privacyRepo(deps.db);
  return {
    exportStatus: async (userId: number) => dataExportOf(await reads.newestExport(userId), deps.clock.now()),

    /**
     * Starts a new export in a job, unless one is being prepared (that one is answered). Earlier
     * exports go with the request: one archive per person at a time.
     */
    requestExport: async (userId: number) => {
      const now = deps.clock.now();
      const row = await deps.db.transaction(async (tx) => {
        const repo = privacyRepo(tx);
        const current = await repo.newestExport(userId);
        if (current?.status === 'preparing') return current;
        await repo.deleteExportsOf(userId);
        const created = await repo.insertExport(userId, now);
        await deps.jobs.send('privacy.export', { exportId: created.id }, { tx });
        return created;
      });
      return dataExportOf(row, now);
    },

    download: async (userId: number): Promise<FileDownload> => {
      const row = await reads.readyArchive(userId);
      if (!row || row.status !== 'ready' || !row.archive || !row.fileName || !row.expiresAt || row.expiresAt <= deps.clock.now())
        throw exportNotReady();
      return { fileName: row.fileName, contentType: 'application/zip', bytes: new Uint8Array(row.archive) };
    },

    /** 'Delete my account': the identity check first, then the deletion every admin deletion uses too. */
    deleteOwnAccount: async (caller: AuthUser, password: string | undefined, log: Logger) => {
      await confirmIdentity(caller, password);
      await deleteAccount(deps, caller, caller.id, log);
    },
  };
};
