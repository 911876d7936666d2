import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DataDirError } from './data-dir';

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * Makes a folder and everything in it readable and writable by the service's user only (0700
 * folders, 0600 files), whatever the umask and whatever wrote them: PGlite sets its own files to
 * 0666. The 0700 folder alone already keeps other users from reaching anything inside. A file the
 * user cannot change (another owner) stops the start with a sentence. Symbolic links are left alone.
 * Returns how many modes were changed.
 */
export const makePrivate = (root: string, label: string): number => {
  let changed = 0;
  const visit = (path: string) => {
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? PRIVATE_DIR : PRIVATE_FILE;
    if ((stat.mode & 0o777) !== wanted) {
      try {
        chmodSync(path, wanted);
      } catch (error) {
        throw new DataDirError(`${label} (${path}) must be private to this user, but its mode cannot be changed (${(error as Error).message}): fix its owner or permissions.`);
      }
      changed += 1;
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return changed;
};

/** Files the process creates from now on are private too (uploads, outbox mails, secrets, backups). */
export const privateUmask = () => process.umask(0o077);
