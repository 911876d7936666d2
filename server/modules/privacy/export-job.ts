import { buildPersonalDataArchive, personalDataFileName } from '@/domain/personal-data-archive';
import { exportExpiry } from '@/domain/privacy';
import type { AppDeps } from '../../deps';
import type { PhotoStore } from '../../http/photo-storage';
import { privacyRepo } from './repo';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'jobs' | 'photos'>;

/** The photo file, when the person has one and it is still stored. */
const photoFile = async (photos: PhotoStore, name: string | null) => {
  if (!name) return undefined;
  const bytes = await photos.read(name).catch(() => null);
  return bytes ? { name, bytes } : undefined;
};

/**
 * Builds one export: reads the person's data, zips it and stores the archive in its row, offered
 * for 24 hours from now. A row that is gone (the account was deleted meanwhile) is nothing to do.
 */
export const buildExport = async (deps: Deps, exportId: number) => {
  const repo = privacyRepo(deps.db);
  const row = await repo.findExport(exportId);
  if (!row || row.status !== 'preparing') return;
  const data = await repo.readPersonalData(row.userId);
  if (!data) return;
  const madeAt = deps.clock.now();
  const archive = buildPersonalDataArchive(data, madeAt, await photoFile(deps.photos, await repo.photoOf(row.userId)));
  await repo.markReady(exportId, archive, personalDataFileName(row.userId, madeAt), madeAt, exportExpiry(madeAt));
};

/** The privacy jobs: building an export (its last failure marks the row failed) and the hourly purge. */
export const registerPrivacyJobs = (deps: Deps) => {
  deps.jobs.work('privacy.export', async ({ exportId }, job) => {
    try {
      await buildExport(deps, exportId);
    } catch (error) {
      if (job.lastAttempt) await privacyRepo(deps.db).markFailed(exportId);
      throw error;
    }
  });
  deps.jobs.work('privacy.purge-exports', async () => {
    await privacyRepo(deps.db).purgeExpired(deps.clock.now());
  });
};

/** Applied at start once the queue runs (server/serve.ts), like the other schedules. */
export const schedulePrivacyPurge = (jobs: AppDeps['jobs']) => jobs.schedule('privacy.purge-exports', '23 * * * *', {});
