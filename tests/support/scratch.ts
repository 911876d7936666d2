import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A maker of temporary folders for one test file: every folder it made is removed after the file's last test. */
export const scratchFolders = () => {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
};

/** Databases a test file opens, closed after its last test (registered before the folders they live in are removed). */
export const closedAfterAll = <T extends { close: () => Promise<unknown> }>() => {
  const opened: T[] = [];
  afterAll(async () => {
    for (const database of opened) await database.close().catch(() => undefined);
  });
  return (database: T) => {
    opened.push(database);
    return database;
  };
};
