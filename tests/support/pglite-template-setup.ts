import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite cluster (dumpDataDir tarball) each test file's database starts from; '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/**
 * Global setup of the suites that open PGlite: migrate one cluster per run and dump it. A test
 * file then loads it in ~0.7 s instead of creating and migrating its own in ~3 s (docs/testing.md).
 * The file is named after this run's process, so projects of one run share it.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const file = join(tmpdir(), `wellness-pglite-template-${process.pid}.tar`);
  if (!existsSync(file)) {
    const database = await openPglite();
    await database.migrate();
    const written = `${file}.${project.name}`;
    writeFileSync(written, Buffer.from(await (await database.dump!()).arrayBuffer()));
    await database.close();
    renameSync(written, file);
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
