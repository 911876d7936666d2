import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * What the mock databases are made of: a change to any of these files builds them again. The day
 * is part of the key too: the demo activity is "the last 40 days" and the level rows "up to this
 * competition year", so a dump is remade once a day.
 */
export const MOCK_DATABASE_INPUTS = ['server/db/migrations', 'server/db/functions', 'mocks/seed', 'mocks/fixtures.ts', 'scripts/mock-db/build.ts', 'node_modules/@electric-sql/pglite/package.json'];

const filesUnder = (path: string): string[] =>
  statSync(path).isDirectory() ? readdirSync(path).sort().flatMap((name) => filesUnder(join(path, name))) : [path];

/** A short hash of the inputs' names and contents, and the UTC day of `now`. */
export const mockDatabaseKey = (now: Date = new Date()) => {
  const hash = createHash('sha256').update(now.toISOString().slice(0, 10));
  for (const file of MOCK_DATABASE_INPUTS.flatMap((input) => filesUnder(join(root, input)))) hash.update(relative(root, file)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
};

export const MOCK_DATABASE_CACHE = join(root, 'node_modules/.cache/wellness-mock-db');

export type MockDatabaseFiles = { key: string; fixtures: string; demo: string };

const filesOf = (key: string): MockDatabaseFiles => ({ key, fixtures: join(MOCK_DATABASE_CACHE, key, 'fixtures.tar.gz'), demo: join(MOCK_DATABASE_CACHE, key, 'demo.tar.gz') });
const built = (files: MockDatabaseFiles) => existsSync(files.fixtures) && existsSync(files.demo);

/** A builder that died leaves its lock behind: after this long another process builds instead. */
const STALE_LOCK_MS = 5 * 60 * 1000;

/**
 * The mock databases for today's inputs, built in a child process when the cache has none (initdb
 * and argon2 take ~30 s on two busy cores; WASM memory is given back when the child exits). Several
 * processes asking at once (vitest workers, Vite) build once: the others wait for the lock holder.
 */
export const ensureMockDatabases = async (log: (line: string) => void = () => undefined): Promise<MockDatabaseFiles> => {
  const files = filesOf(mockDatabaseKey());
  if (built(files)) return files;
  mkdirSync(MOCK_DATABASE_CACHE, { recursive: true });
  const lock = join(MOCK_DATABASE_CACHE, `${files.key}.lock`);
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      if (built(files)) return files;
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    if (built(files)) return files;
    log(`building the mock databases (${files.key})`);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', join(root, 'scripts/mock-db/build.ts'), join(MOCK_DATABASE_CACHE, files.key)], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
    log(stdout.trim().split('\n').at(-1) ?? '');
    // Yesterday's and older builds are never read again.
    for (const name of readdirSync(MOCK_DATABASE_CACHE)) if (name !== files.key && !name.endsWith('.lock')) rmSync(join(MOCK_DATABASE_CACHE, name), { recursive: true, force: true });
    return files;
  } finally {
    rmSync(lock, { force: true });
  }
};
