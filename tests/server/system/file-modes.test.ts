import { chmodSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makePrivate } from '../../../server/db/private-files';
import { send, startServer, waitReady } from '../helpers/spawned-server';
import { scratchFolders } from '../../support/scratch';

/** docs/security.md#file-modes: DATA_DIR and BACKUP_DIR are the service user's only, whatever the umask and whatever PGlite does. */

const tempDir = scratchFolders();

/** Every folder and file under `root` (root included) whose mode lets anyone else read, write or enter. */
const openToOthers = (root: string) => {
  const found: string[] = [];
  const visit = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return found;
};

test('a started server leaves nothing under DATA_DIR (database, WAL, secrets, uploads, outbox) or BACKUP_DIR open to other users, with umask 022', async () => {
  const dataDir = tempDir('wc-modes-');
  const backupDir = join(tempDir('wc-modes-backups-'), 'backups');
  // What an earlier version left: a world-readable folder and files.
  mkdirSync(join(dataDir, 'uploads'), { recursive: true, mode: 0o777 });
  writeFileSync(join(dataDir, 'uploads', 'a'.repeat(32) + '.png'), 'x', { mode: 0o666 });
  chmodSync(dataDir, 0o755);
  mkdirSync(backupDir, { mode: 0o755 });
  writeFileSync(join(backupDir, 'old.wcb.gz'), 'x', { mode: 0o644 });
  const previous = process.umask(0o022);
  const started = await startServer(dataDir, false, { BACKUP_DIR: backupDir });
  process.umask(previous);
  try {
    await waitReady(started);
    // A mail in the outbox (no SMTP) and a sign-up's rows in the database's files.
    const forgot = await send(started.port, '/api/auth/forgot-password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@localhost' }) });
    expect(forgot.status).toBe(202);
    for (let waited = 0; waited < 20_000 && readdirSync(dataDir).includes('outbox') === false; waited += 250) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(readdirSync(join(dataDir, 'outbox')).length).toBeGreaterThan(0);
    expect(readdirSync(join(dataDir, 'db')).length).toBeGreaterThan(0);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(openToOthers(backupDir)).toEqual([]);
  } finally {
    started.child.kill('SIGTERM');
    await started.exited;
  }
}, 120_000);

test('makePrivate fixes every mode below a folder and says how many it changed', () => {
  const root = tempDir('wc-private-');
  mkdirSync(join(root, 'a', 'b'), { recursive: true, mode: 0o777 });
  writeFileSync(join(root, 'a', 'b', 'wal'), 'x', { mode: 0o666 });
  chmodSync(join(root, 'a', 'b', 'wal'), 0o666);
  chmodSync(join(root, 'a'), 0o777);
  chmodSync(root, 0o755);
  expect(makePrivate(root, 'DATA_DIR')).toBeGreaterThanOrEqual(3);
  expect(openToOthers(root)).toEqual([]);
  expect(makePrivate(root, 'DATA_DIR')).toBe(0);
});
