import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { replaceableSql } from './functions';

/** Written into PGlite's data folder, so a copied or restored folder carries its own record. */
const MARKER = 'wellness-replaceable-sql.sha256';

/**
 * PGlite start-up: the replaceable SQL (functions.ts) is applied only when it differs from what this
 * data folder last received. Re-creating every function cost ~250 ms of CPU per start inside the
 * single WASM thread (plpgsql bodies validated again), the largest part of a restart's database
 * work. It is applied again whenever the script or the migration journal changes. PostgreSQL
 * applies it on every start as before (cheap there, and its data has no folder here).
 */
export const applyReplaceableSqlOnce = async (dataDir: string | undefined, migrationsFolder: string, exec: (script: string) => Promise<unknown>) => {
  const script = replaceableSql();
  // The migration journal is part of the record: a new migration may drop what the script creates.
  const journal = readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8');
  const digest = createHash('sha256').update(script).update('\0').update(journal).digest('hex');
  const marker = dataDir ? join(dataDir, MARKER) : undefined;
  if (marker && existsSync(marker) && readFileSync(marker, 'utf8').trim() === digest) return;
  await exec(script);
  if (marker) writeFileSync(marker, digest);
};
