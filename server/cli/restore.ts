import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { dataDirFromEnv } from '../config';
import { privateUmask } from '../db/private-files';
import { RESTORE_APPLICATION_NAME } from '../db/application-name';
import { openPglite, openPostgres, type Database } from '../db/client';
import { DataDirError, lockDataDir, lockHolder, prepareDataDir } from '../db/data-dir';
import { RestoreRefused, restoreBackup } from '../ops/restore-backup';
import { refuseWhileServersConnected } from '../ops/servers-connected';

/**
 * `npm run restore -- <file> [--force]`: loads an archive into an empty database (DATABASE_URL, else
 * the PGlite in DATA_DIR) and DATA_DIR's uploads. Refuses one holding data unless --force, and refuses
 * while a server runs on that DATA_DIR or is connected to that PostgreSQL database (docs/operations.md).
 */
// The archive holds password hashes: private to this user whatever the umask.
privateUmask();
const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('-'));
const force = args.includes('--force');
if (!file) {
  console.error('Usage: npm run restore -- <archive file> [--force]   (DATABASE_URL or DATA_DIR as for the server)');
  process.exit(2);
}
const source = resolve(file);
const dataDir = dataDirFromEnv();
const databaseUrl = process.env.DATABASE_URL || undefined;

const run = async () => {
  if (!existsSync(source)) throw new RestoreRefused(`${source} does not exist.`);
  prepareDataDir(dataDir);
  const holder = lockHolder(dataDir);
  if (holder) throw new RestoreRefused(`The server (pid ${holder.pid}) is running on ${dataDir}: stop it before restoring.`);
  // The photos go to DATA_DIR whatever the database: hold its lock so no server starts meanwhile.
  const release = lockDataDir(dataDir, 0);
  let database: Database | undefined;
  try {
    database = databaseUrl ? await openPostgres(databaseUrl, 1, RESTORE_APPLICATION_NAME) : await openPglite(`${dataDir}/db`);
    // PostgreSQL has no DATA_DIR lock: a server on another DATA_DIR (or machine) may be using it.
    if (databaseUrl) await refuseWhileServersConnected(database);
    return await restoreBackup(database, dataDir, source, { force });
  } finally {
    await database?.close();
    release();
  }
};

try {
  const counts = await run();
  console.info(`Restored ${counts.tables} tables, ${counts.rows} rows and ${counts.photos} photos from ${source}.`);
  if (counts.missingPhotos) console.info(`${counts.missingPhotos} photo(s) deleted while the backup ran are not in it: the rows referring to them now have no photo.`);
  if (counts.skippedTables.length) console.info(`Tables this version no longer has were left out: ${counts.skippedTables.join(', ')}.`);
} catch (error) {
  console.error(error instanceof RestoreRefused || error instanceof DataDirError ? error.message : `Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
