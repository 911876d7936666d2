import { resolve } from 'node:path';
import { dataDirFromEnv } from '../config';
import { privateUmask } from '../db/private-files';
import { BACKUP_APPLICATION_NAME } from '../db/application-name';
import { openPglite, openPostgres } from '../db/client';
import { DataDirError, lockDataDir, lockHolder } from '../db/data-dir';
import { requestBackupFromServer } from '../ops/backup-request';
import { writeBackup, type BackupSummary } from '../ops/write-backup';
import { existsSync } from 'node:fs';

/**
 * `npm run backup -- <file>`: one archive of the database (DATABASE_URL, else the PGlite in DATA_DIR)
 * and DATA_DIR's photos, taken while the app runs (see docs/operations.md).
 */
// The archive holds password hashes: private to this user whatever the umask.
privateUmask();
const file = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
if (!file) {
  console.error('Usage: npm run backup -- <archive file>   (DATABASE_URL or DATA_DIR as for the server)');
  process.exit(2);
}
const target = resolve(file);
const dataDir = dataDirFromEnv();
const databaseUrl = process.env.DATABASE_URL || undefined;

const backupEmbedded = async (): Promise<BackupSummary> => {
  const holder = lockHolder(dataDir);
  // The running server owns the embedded database: it writes the archive for us.
  if (holder) return requestBackupFromServer(dataDir, holder.pid, target);
  if (!existsSync(`${dataDir}/db`)) throw new DataDirError(`There is no database in ${dataDir}/db to back up.`);
  const release = lockDataDir(dataDir, 0);
  const database = await openPglite(`${dataDir}/db`);
  try {
    return await writeBackup(database, dataDir, target);
  } finally {
    await database.close();
    release();
  }
};

const backupPostgres = async (url: string) => {
  const database = await openPostgres(url, 1, BACKUP_APPLICATION_NAME);
  try {
    return await writeBackup(database, dataDir, target);
  } finally {
    await database.close();
  }
};

try {
  const summary = databaseUrl ? await backupPostgres(databaseUrl) : await backupEmbedded();
  console.info(`Backup written to ${summary.file}: ${summary.tables} tables, ${summary.rows} rows, ${summary.photos} photos.`);
  if (summary.missingPhotos) console.info(`${summary.missingPhotos} photo(s) were deleted while the backup ran: a restore leaves those rows without a photo.`);
} catch (error) {
  console.error(error instanceof DataDirError ? error.message : `Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
