import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppConfig } from '../config';
import type { AppJobQueue } from '../jobs/catalog';
import type { BackupSummary } from './write-backup';

const ARCHIVE_NAME = /^wellness-\d{8}T\d{6}Z\.wcb\.gz$/;

/** `wellness-20261126T031500Z.wcb.gz`: names sort by time. */
export const archiveNameAt = (now: Date) => `wellness-${now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}.wcb.gz`;

/** Keeps the newest `keep` scheduled archives in `dir` (other files are left alone); returns the removed names. */
export const pruneArchives = async (dir: string, keep: number) => {
  const archives = (await readdir(dir)).filter((name) => ARCHIVE_NAME.test(name)).sort();
  const removed = archives.slice(0, Math.max(0, archives.length - Math.max(1, keep)));
  for (const name of removed) await rm(join(dir, name), { force: true });
  return removed;
};

/** Every N hours as cron: hours dividing a day run at fixed times of day; longer intervals every N/24 days. */
export const backupCron = (everyHours: number) => (everyHours < 24 ? `0 */${everyHours} * * *` : `0 0 */${Math.max(1, Math.round(everyHours / 24))} * *`);

/**
 * Scheduled backups run by the job engine (one at a time across every process): the handler is
 * registered here, the schedule applied by `scheduleBackups` once the queue runs.
 */
export const registerScheduledBackups = (
  jobs: AppJobQueue,
  settings: AppConfig['backup'],
  backup: (file: string) => Promise<BackupSummary>,
  log: { info: (message: string) => void },
  now: () => Date = () => new Date(),
) => {
  jobs.work('ops.backup', async () => {
    const dir = settings.dir;
    if (!dir) return;
    await mkdir(dir, { recursive: true });
    const summary = await backup(join(dir, archiveNameAt(now())));
    const removed = await pruneArchives(dir, settings.keep);
    log.info(`backup written to ${summary.file} (${summary.tables} tables, ${summary.rows} rows, ${summary.photos} photos); ${removed.length} old archive(s) removed`);
  });
};

export const scheduleBackups = async (jobs: AppJobQueue, settings: AppConfig['backup']) => {
  if (!settings.dir || settings.everyHours <= 0) return jobs.unschedule('ops.backup');
  await jobs.schedule('ops.backup', backupCron(settings.everyHours), {});
};
