import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Creates a new PGlite cluster (initdb) in a short-lived child process. initdb peaks at ~840 MB of
 * WASM memory, and WebAssembly memory never shrinks: done in the server's own process that peak
 * stayed resident for its whole life (930 MB right after a first start). The child hands back a
 * folder that the server then opens like any existing database. An existing cluster is left alone.
 */
export const createPgliteClusterApart = async (dataDir: string) => {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  mkdirSync(dataDir, { recursive: true });
  // The child is plain JavaScript (no TypeScript loader needed), importing PGlite by resolved URL so
  // it works from the source tree, the built bundle and any working directory alike.
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)}); const db = await PGlite.create(process.argv[1]); await db.close();`;
  try {
    await run(process.execPath, ['--input-type=module', '-e', script, dataDir], { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw Object.assign(new Error(`Creating the database in ${dataDir} failed${stderr ? `: ${stderr.trim().split('\n').slice(-3).join(' ')}` : ''}`), { cause: error, code: /ENOSPC|errno: 51\b/.test(stderr ?? '') ? 'ENOSPC' : undefined });
  }
};
