import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from '../../../server/db/client';
import { rowsOf } from '../../../server/db/rows';
import { users } from '../../../server/db/schema';
import { writeBackup } from '../../../server/ops/write-backup';
import { RestoreRefused, restoreBackup } from '../../../server/ops/restore-backup';
import { publicTables, quoted } from '../../../server/ops/catalog';
import { createScratchDatabase, createTestApp } from '../helpers/test-app';
import { addUser, logActivity, logEvent, logSteps } from '../helpers/competition-seed';
import { closedAfterAll, scratchFolders } from '../../support/scratch';

/*
 * Backup and restore (docs/operations.md): one archive holds every table and every photo, and
 * loads into an empty PGlite or PostgreSQL with the same rows, the same photos, and sequences
 * that continue after the restored ids. With TEST_DATABASE_URL the test database is PostgreSQL,
 * so the same cases cover PostgreSQL -> PostgreSQL, PGlite -> PostgreSQL and PostgreSQL -> PGlite.
 */

// Folders first: hooks after the last test run in reverse, so the databases close before their folders go.
const tempDir = scratchFolders();
const keepOpen = closedAfterAll<Database>();

const testEngine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
/** A new, empty database of the named engine (not migrated: restore migrates). */
const freshDatabase = async (engine: 'PGlite' | 'PostgreSQL') => {
  const database = engine === 'PGlite' ? await openPglite() : await openPostgres(await createScratchDatabase(process.env.TEST_DATABASE_URL!), 2);
  keepOpen(database);
  return database;
};

/** Every table's rows as text, in one fixed time zone: equal checksums mean equal contents. */
const contents = async (database: Database) => {
  const parts: Record<string, string> = {};
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    for (const table of await publicTables(tx)) {
      const rows = rowsOf<{ sum: string; count: number }>(
        await tx.execute(sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum, count(*)::int as count from public.${quoted(table)} t`)),
      );
      parts[table] = `${rows[0]!.count}:${rows[0]!.sum}`;
    }
  });
  return parts;
};

const PHOTO = 'a'.repeat(32) + '.png';
const photoBytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

/** A competition in a database: users (one with a photo), activities, steps, events and their scores. */
const seed = async (database: Database, dataDir: string) => {
  const ann = await addUser(database.db, { firstName: 'Ann', profilePicture: PHOTO, levels: { 2026: 'Advanced' } });
  const bob = await addUser(database.db, { firstName: 'Bob' });
  await logActivity(database.db, ann.id, '2026-11-20', 45, { name: 'Running' });
  await logActivity(database.db, bob.id, '2026-11-21', 30, { name: 'Cycling' });
  await logSteps(database.db, ann.id, '2026-11-20');
  await logEvent(database.db, bob.id, '2026-11-15', true);
  mkdirSync(join(dataDir, 'uploads'), { recursive: true });
  writeFileSync(join(dataDir, 'uploads', PHOTO), photoBytes);
};

const withSourceOf = async (engine: 'test' | 'PGlite') => {
  const dataDir = tempDir('wc-backup-src-');
  if (engine === 'test') {
    const ctx = await createTestApp();
    onTestFinished(() => ctx.app.close());
    await seed(ctx.database, dataDir);
    return { database: ctx.database, dataDir };
  }
  const database = await freshDatabase('PGlite');
  await database.migrate();
  await seed(database, dataDir);
  return { database, dataDir };
};

const cases: [string, 'test' | 'PGlite', 'PGlite' | 'PostgreSQL'][] = [
  [`${testEngine} (the test database) -> a new ${testEngine}`, 'test', testEngine],
  [`PGlite (a database of its own) -> a new ${testEngine}`, 'PGlite', testEngine],
  [`${testEngine} (the test database) -> a new PGlite`, 'test', 'PGlite'],
];

test.each(cases)('round trip %s: every row and photo comes back, and new rows continue after the restored ids', async (_label, from, to) => {
  const source = await withSourceOf(from);
  const archive = join(tempDir('wc-archive-'), 'backup.wcb.gz');
  const written = await writeBackup(source.database, source.dataDir, archive);
  expect(written.photos).toBe(1);
  expect(written.rows).toBeGreaterThan(6);
  expect(readdirSync(join(archive, '..'))).toEqual(['backup.wcb.gz']); // no partial file left

  const target = await freshDatabase(to);
  const targetDir = tempDir('wc-backup-dst-');
  const restored = await restoreBackup(target, targetDir, archive);
  expect(restored.rows).toBe(written.rows);
  const expected = await contents(source.database);
  expect(Object.values(expected).some((part) => !part.startsWith('0:'))).toBe(true);
  expect(await contents(target)).toEqual(expected);
  expect(readFileSync(join(targetDir, 'uploads', PHOTO))).toEqual(photoBytes);

  const [carol] = await target.db.insert(users).values({ email: 'carol@example.com', passwordHash: 'x', role: 'user', firstName: 'Carol', lastName: 'C', gender: 'other', levelOfCompetition: 'Beginner' }).returning();
  const highest = Math.max(...(await source.database.db.select({ id: users.id }).from(users)).map((row) => row.id));
  expect(carol!.id).toBeGreaterThan(highest);
}, 120_000);

test('a database or uploads folder that holds data is refused unless forced; an incomplete archive restores nothing', async () => {
  const source = await withSourceOf('test');
  const archive = join(tempDir('wc-archive-'), 'backup.wcb.gz');
  await writeBackup(source.database, source.dataDir, archive);

  const target = await freshDatabase(testEngine);
  const targetDir = tempDir('wc-backup-dst-');
  await target.migrate();
  await addUser(target.db, { firstName: 'Zed' });
  await expect(restoreBackup(target, targetDir, archive)).rejects.toThrow(/Not restoring: the database already holds accounts\. .*--force/);
  await restoreBackup(target, targetDir, archive, { force: true });
  expect(await contents(target)).toEqual(await contents(source.database));

  const photosOnly = tempDir('wc-backup-photos-');
  mkdirSync(join(photosOnly, 'uploads'));
  writeFileSync(join(photosOnly, 'uploads', 'b'.repeat(32) + '.jpg'), 'x');
  const empty = await freshDatabase('PGlite');
  await expect(restoreBackup(empty, photosOnly, archive)).rejects.toThrow(/already holds photos/);

  // Cut short: the end record is missing; refused before anything is touched (not even migrated).
  const { gunzipSync, gzipSync } = await import('node:zlib');
  const lines = gunzipSync(readFileSync(archive)).toString().trimEnd().split('\n');
  const truncated = join(tempDir('wc-archive-'), 'cut.wcb.gz');
  writeFileSync(truncated, gzipSync(lines.slice(0, -3).join('\n') + '\n'));
  const other = await freshDatabase('PGlite');
  await expect(restoreBackup(other, tempDir('wc-backup-dst-'), truncated)).rejects.toBeInstanceOf(RestoreRefused);
  expect(await publicTables(other.db)).toEqual([]);
  await expect(restoreBackup(other, tempDir('wc-backup-dst-'), join(tempDir('wc-x-'), 'missing.gz'))).rejects.toThrow();
}, 180_000);

/** The archive's JSON lines, and a copy of it with only the first `keep` of them (cut short). */
const archiveLines = async (archive: string) => {
  const { gunzipSync } = await import('node:zlib');
  return gunzipSync(readFileSync(archive)).toString().trimEnd().split('\n');
};
const cutShort = async (archive: string, keep: number) => {
  const { gzipSync } = await import('node:zlib');
  const cut = join(tempDir('wc-archive-'), 'cut.wcb.gz');
  writeFileSync(cut, gzipSync((await archiveLines(archive)).slice(0, keep).join('\n') + '\n'));
  return cut;
};
const OLD_PHOTO = 'c'.repeat(32) + '.jpg';
/** Every file in uploads/ (hidden ones too) with its bytes. */
const uploadsOf = (dataDir: string) => Object.fromEntries(readdirSync(join(dataDir, 'uploads')).map((name) => [name, readFileSync(join(dataDir, 'uploads', name)).toString('hex')]));

test('with --force, a cut-short archive or a load that fails leaves the database and the photos as they were', async () => {
  const source = await withSourceOf('test');
  const archive = join(tempDir('wc-archive-'), 'backup.wcb.gz');
  await writeBackup(source.database, source.dataDir, archive);
  const lines = await archiveLines(archive);
  expect(lines.at(-2)).toContain('"kind":"photo"'); // cut after the photo, before the end record

  const target = await freshDatabase(testEngine);
  await target.migrate();
  await addUser(target.db, { firstName: 'Zed' });
  const targetDir = tempDir('wc-backup-dst-');
  mkdirSync(join(targetDir, 'uploads'));
  writeFileSync(join(targetDir, 'uploads', OLD_PHOTO), 'old photo');
  const before = { rows: await contents(target), photos: uploadsOf(targetDir) };

  await expect(restoreBackup(target, targetDir, await cutShort(archive, lines.length - 1), { force: true })).rejects.toThrow(/is incomplete .*nothing was restored/);
  expect({ rows: await contents(target), photos: uploadsOf(targetDir) }).toEqual(before);

  // The whole archive, but the load fails at its last step: rolled back, and no photo was moved in.
  const failing = restoreBackup(target, targetDir, archive, { force: true, afterRestore: () => Promise.reject(new Error('disk full')) });
  await expect(failing).rejects.toThrow('disk full');
  expect({ rows: await contents(target), photos: uploadsOf(targetDir) }).toEqual(before);
}, 180_000);

test("with --force, uploads/ ends up holding exactly the archive's photos, none from an archive without photos", async () => {
  const source = await withSourceOf('test');
  const archive = join(tempDir('wc-archive-'), 'backup.wcb.gz');
  await writeBackup(source.database, source.dataDir, archive);
  const bare = await freshDatabase('PGlite');
  await bare.migrate();
  await addUser(bare.db, { firstName: 'Solo' });
  const withoutPhotos = join(tempDir('wc-archive-'), 'bare.wcb.gz');
  expect((await writeBackup(bare, tempDir('wc-backup-src-'), withoutPhotos)).photos).toBe(0);

  const target = await freshDatabase(testEngine);
  const targetDir = tempDir('wc-backup-dst-');
  mkdirSync(join(targetDir, 'uploads'));
  writeFileSync(join(targetDir, 'uploads', OLD_PHOTO), 'old photo');
  await restoreBackup(target, targetDir, archive, { force: true });
  expect(uploadsOf(targetDir)).toEqual({ [PHOTO]: photoBytes.toString('hex') });

  await restoreBackup(target, targetDir, withoutPhotos, { force: true });
  expect(uploadsOf(targetDir)).toEqual({});
  expect((await target.db.select({ firstName: users.firstName }).from(users)).map((row) => row.firstName)).toEqual(['Solo']);
}, 180_000);

/** The database as writeBackup sees it, with `during` run inside the backup's transaction once its snapshot is taken. */
const duringSnapshot = (database: Database, during: () => void): Database => {
  const db = new Proxy(database.db, {
    get: (target, key, receiver) =>
      key === 'transaction'
        ? (work: (tx: unknown) => Promise<unknown>, config: unknown) =>
            target.transaction(async (tx) => {
              await tx.execute(sql`select 1`); // the first statement takes the snapshot
              during();
              return work(tx);
            }, config as never)
        : Reflect.get(target, key, receiver),
  });
  return { ...database, db };
};

test('a photo deleted after the snapshot is taken: the restored row has no photo rather than a missing file; unreferenced files stay out', async () => {
  const source = await withSourceOf('test');
  const orphan = 'd'.repeat(32) + '.png';
  writeFileSync(join(source.dataDir, 'uploads', orphan), 'nobody refers to this');
  const archive = join(tempDir('wc-archive-'), 'backup.wcb.gz');
  // As a photo replacement or an account deletion committed on another connection does: the row (in the snapshot) still names the file.
  const written = await writeBackup(duringSnapshot(source.database, () => rmSync(join(source.dataDir, 'uploads', PHOTO))), source.dataDir, archive);

  const target = await freshDatabase(testEngine);
  const targetDir = tempDir('wc-backup-dst-');
  const restored = await restoreBackup(target, targetDir, archive);
  const named = (await target.db.select({ firstName: users.firstName, photo: users.profilePicture }).from(users)).filter((row) => row.photo !== null);
  expect(named.filter((row) => !existsSync(join(targetDir, 'uploads', row.photo!)))).toEqual([]);
  expect((await target.db.select({ photo: users.profilePicture }).from(users).where(eq(users.firstName, 'Ann')))[0]).toEqual({ photo: null });
  expect(existsSync(join(targetDir, 'uploads', orphan))).toBe(false);
  expect(written).toMatchObject({ photos: 0, missingPhotos: 1 });
  expect(restored).toMatchObject({ photos: 0, missingPhotos: 1 });
}, 180_000);
