import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { openPglite, type Database } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { dataExports } from '../../server/db/privacy-schema';
import { RestoreRefused, restoreBackup } from '../../server/ops/restore-backup';
import { writeBackup } from '../../server/ops/write-backup';
import { createTestApp } from '../server/helpers/test-app';
import { addUser, authHeader } from '../server/helpers/competition-seed';
import { closedAfterAll, scratchFolders } from '../support/scratch';

/** docs/security.md#files-headers-and-logs: a file name stored in the database never reaches outside the uploads folder. */

// Folders first: hooks after the last test run in reverse, so the databases close before their folders go.
const tempDir = scratchFolders();
const keepOpen = closedAfterAll<Database>();

test('restore refuses an archive whose rows name a server file as a photo, or a download of another shape; nothing is restored', async () => {
  const source = await openPglite();
  keepOpen(source);
  await source.migrate();
  const person = await addUser(source.db, { firstName: 'Mallory' });
  await source.db.update(users).set({ profilePicture: '../jwt-secret' }).where(eq(users.id, person.id));
  await source.db.insert(dataExports).values({ userId: person.id, status: 'ready', requestedAt: new Date(), fileName: '../../etc/passwd', archive: Buffer.from('x'), readyAt: new Date(), expiresAt: new Date() });
  const archive = join(tempDir('wc-crafted-'), 'crafted.wcb.gz');
  await writeBackup(source, tempDir('wc-crafted-src-'), archive);

  const target = await openPglite();
  keepOpen(target);
  const refusal = await restoreBackup(target, tempDir('wc-crafted-dst-'), archive).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(RestoreRefused);
  expect((refusal as Error).message).toMatch(/holds 1 unexpected photo names and 1 unexpected export file names: nothing was restored/);
  expect(await target.db.select().from(users)).toEqual([]);
}, 300_000);

test("'Download my data' of a row naming '../jwt-secret' holds no server file and no escaping entry", async () => {
  const dataDir = tempDir('wc-crafted-data-');
  writeFileSync(join(dataDir, 'jwt-secret'), 'THE-SERVER-SECRET');
  const ctx = await createTestApp({ now: '2026-11-22T10:00:00Z', config: { dataDir } });
  const person = await addUser(ctx.db, { firstName: 'Mallory' });
  await ctx.db.update(users).set({ profilePicture: '../jwt-secret' }).where(eq(users.id, person.id));
  const headers = await authHeader(ctx.db, person, ctx.config, ctx.clock.now());
  expect((await ctx.app.inject({ method: 'POST', url: '/api/privacy/export', headers })).statusCode).toBe(202);
  const download = await ctx.app.inject({ method: 'GET', url: '/api/privacy/export/download', headers });
  expect(download.statusCode).toBe(200);
  const files = unzipSync(new Uint8Array(download.rawPayload));
  expect(Object.keys(files).filter((name) => name.includes('..') || name.startsWith('photo/'))).toEqual([]);
  expect(Object.values(files).some((bytes) => strFromU8(bytes).includes('THE-SERVER-SECRET'))).toBe(false);
  await ctx.app.close();
});
