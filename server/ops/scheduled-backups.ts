import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '@/domain/clock';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { AppJobQueue } from '../jobs/catalog';
import { writeBackup } from './write-backup';

const ARCHIVE_NAME = /^wellness-\d{8}T\d{6}Z\.wcb\.gz$/;

/** `wellness-20261126T031500Z.wcb.gz`: names sort by time. */
export const archiveNameAt = (now: Date) => `wellness-${now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}.wcb.gz`;

/** Keeps the newest `keep` (the setting is at least 1) scheduled archives in `dir` (other files are left alone); returns the removed names. */
export const pruneArchives = async (dir: string, keep: number) => {
  const archives = (await readdir(dir)).filter((name) => ARCHIVE_NAME.test(name)).sort();
  const removed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of removed) await rm(join(dir, name), { force: true });
  return removed;
};

/** Every N hours as cron: hours dividing a day run at fixed times of day; longer intervals every N/24 days. */
export const backupCron = (everyHours: number) => (everyHours < 24 ? `0 */${everyHours} * * *` : `0 0 */${Math.max(1, Math.round(everyHours / 24))} * *`);

export type ScheduledBackupDeps = {
  database: Database;
  config: Pick<AppConfig, 'dataDir' | 'backup'>;
  clock: Clock;
  log: { info: (message: string) => void };
};

/**
 * Scheduled backups run by the job engine (one at a time across every process): the handler is
 * registered here, on the server's own database connection, and the schedule applied by
 * `scheduleBackups` once the queue runs.
 */
export const registerScheduledBackups = (jobs: AppJobQueue, { database, config, clock, log }: ScheduledBackupDeps) => {
  jobs.work('ops.backup', async () => {
    const dir = config.backup.dir;
    if (!dir) return;
    await mkdir(dir, { recursive: true });
    const summary = await writeBackup(database, config.dataDir, join(dir, archiveNameAt(clock.now())));
    const removed = await pruneArchives(dir, config.backup.keep);
    const missing = summary.missingPhotos ? `, ${summary.missingPhotos} deleted meanwhile` : '';
    log.info(`backup written to ${summary.file} (${summary.tables} tables, ${summary.rows} rows, ${summary.photos} photos${missing}); ${removed.length} old archive(s) removed`);
  });
};

export const scheduleBackups = async (jobs: AppJobQueue, settings: AppConfig['backup']) => {
  if (!settings.dir) return jobs.unschedule('ops.backup');
  await jobs.schedule('ops.backup', backupCron(settings.everyHours), {});
};
