import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../../server/db/client';
import { seedDemoActivity } from '../../mocks/seed/demo';
import { fixturesEmployedSince, seedFixtureUsers } from '../../mocks/seed/users';

/** The two databases mock mode starts from: the fixture users alone (tests) and with QA's demo activity (the browser). */
export const MOCK_DATABASES = ['fixtures', 'demo'] as const;
export type MockDatabaseName = (typeof MOCK_DATABASES)[number];

const writeAtomically = (file: string, bytes: Uint8Array) => {
  writeFileSync(`${file}.${process.pid}.tmp`, bytes);
  renameSync(`${file}.${process.pid}.tmp`, file);
};

/**
 * A new cluster made small for the browser, where every file of it is kept in IndexedDB and a
 * changed file is written there whole: 1 MB WAL segments instead of 16 MB, and no template
 * databases (nothing in mock mode creates a database). 41 MB of files become 16 MB.
 */
const leanCluster = async () => {
  const cluster = await PGlite.create({ initDbStartParams: ['--wal-segsize=1'] });
  try {
    await cluster.exec('alter database template0 is_template false; alter database template1 is_template false');
    await cluster.exec('drop database template0');
    await cluster.exec('drop database template1');
    await cluster.exec('checkpoint');
    return await cluster.dumpDataDir('none');
  } finally {
    await cluster.close();
  }
};

/**
 * Builds both in one PGlite (started from the lean cluster), as the server opens its own (extensions, migrations, replaceable SQL):
 * fixture users through the seed, dumped (gzip tarball, `dumpDataDir`); then the demo activity and
 * the scoring rebuild, dumped again. Writes `<outDir>/fixtures.tar.gz` and `<outDir>/demo.tar.gz`.
 */
export const buildMockDatabases = async (outDir: string, now: Date, log: (line: string) => void = () => undefined) => {
  mkdirSync(outDir, { recursive: true });
  const database = await openPglite(undefined, await leanCluster());
  try {
    await database.migrate();
    await seedFixtureUsers(database.db, now, fixturesEmployedSince(now));
    // A checkpoint first: the dump then holds the data pages, not a WAL for the browser to replay at every open.
    await database.executeSql('checkpoint');
    const dump = async (name: MockDatabaseName) => writeAtomically(join(outDir, `${name}.tar.gz`), gzipSync(new Uint8Array(await (await database.dump!()).arrayBuffer()), { level: 9 }));
    await dump('fixtures');
    const demo = await seedDemoActivity(database.db, now, log);
    log(`demo activity: ${demo.activities} activities, ${demo.steps} step achievements, ${demo.events} events`);
    await database.executeSql('checkpoint');
    await dump('demo');
  } finally {
    await database.close();
  }
};

// `tsx scripts/mock-db/build.ts <outDir> [now]`: what the cache (cache.ts) runs in a child process.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [outDir, now] = process.argv.slice(2);
  if (!outDir) throw new Error('usage: tsx scripts/mock-db/build.ts <outDir> [now ISO]');
  const began = Date.now();
  await buildMockDatabases(outDir, now ? new Date(now) : new Date(), (line) => console.info(line));
  console.info(`mock databases written to ${outDir} in ${Date.now() - began} ms`);
}
