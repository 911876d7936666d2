import type { AppConfig } from '../config';
import { openDatabase } from './client';
import { DataDirError } from './data-dir';
import { createPgliteClusterApart } from './pglite-cluster';

/**
 * The database of a starting server, opened and migrated: PostgreSQL through DATABASE_URL, else
 * PGlite in DATA_DIR/db, whose cluster is first created in a child process when it does not exist
 * (pglite-cluster.ts). The caller loads the HTTP app's modules meanwhile (PGlite compiles its
 * WebAssembly on background threads), which takes a few hundred milliseconds off the start.
 * `mark` records when the database was open and when migrated (startup-phases.ts).
 */
export const openAtStart = async (config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>, mark: (phase: string) => void = () => undefined) => {
  const pgliteDir = config.databaseUrl ? undefined : config.dataDir + '/db';
  const opening = pgliteDir ? createPgliteClusterApart(pgliteDir).then(() => openDatabase({ dataDir: pgliteDir })) : openDatabase({ databaseUrl: config.databaseUrl });
  const database = await opening.catch((error: unknown) => {
    // PGlite reports a full disk as `ErrnoError { errno: 51 }` (ENOSPC in its WASI numbering).
    const errno = (error as { errno?: unknown; code?: unknown } | null)?.errno;
    if (errno === 51 || (error as { code?: unknown } | null)?.code === 'ENOSPC') throw new DataDirError(`The disk holding DATA_DIR (${config.dataDir}) is full: free some space, then start again.`);
    throw error;
  });
  mark('database open');
  await database.migrate();
  mark('database migrated');
  return database;
};
