import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { send, startServer, waitReady, type Started } from '../helpers/spawned-server';

/*
 * The commands operators run (docs/operations.md): `npm run backup` while the server runs on its
 * embedded database (the server writes the archive on request), `npm run restore` into a new
 * DATA_DIR (refused while a server runs there, or when it holds accounts), and the restored app
 * signs in the same admin.
 */

const scratch: string[] = [];
const running: Started[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};
afterAll(() => {
  for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const npmRun = (script: 'backup' | 'restore', args: string[], dataDir: string) =>
  spawnSync('npm', ['run', '--silent', script, '--', ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8', timeout: 120_000 });

const signIn = (port: number, password: string) =>
  send(port, '/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@localhost', password }) });

test('backup of a running server, restore into a new DATA_DIR, and the restored app signs the same admin in', async () => {
  const dataDir = tempDir('wc-cli-src-');
  const server = await startServer(dataDir);
  running.push(server);
  await waitReady(server);
  const password = /password: (\S+)/.exec(server.output())?.[1];
  expect(password).toBeTruthy();

  const archive = join(tempDir('wc-cli-archive-'), 'nightly.wcb.gz');
  const backup = npmRun('backup', [archive], dataDir);
  expect(backup.status, backup.stderr).toBe(0);
  expect(backup.stdout).toMatch(/Backup written to .*nightly\.wcb\.gz: \d+ tables, \d+ rows, 0 photos\./);
  expect(existsSync(archive)).toBe(true);

  // Refused while that server runs on the DATA_DIR.
  const busy = npmRun('restore', [archive, '--force'], dataDir);
  expect(busy.status).toBe(1);
  expect(busy.stderr).toContain(`The server (pid ${server.child.pid}) is running on ${dataDir}: stop it before restoring.`);
  server.child.kill('SIGTERM');
  expect((await server.exited).code).toBe(0);

  const restoredDir = tempDir('wc-cli-dst-');
  const restore = npmRun('restore', [archive], restoredDir);
  expect(restore.status, restore.stderr).toBe(0);
  expect(restore.stdout).toMatch(/Restored \d+ tables, \d+ rows and 0 photos from/);
  const again = npmRun('restore', [archive], restoredDir);
  expect(again.status).toBe(1);
  expect(again.stderr).toContain('Not restoring: the database already holds accounts.');

  const restored = await startServer(restoredDir);
  running.push(restored);
  await waitReady(restored);
  expect(restored.output()).not.toContain('First admin created'); // the archived admin is there
  expect((await signIn(restored.port, password!)).status).toBe(200);
  restored.child.kill('SIGTERM');
  expect((await restored.exited).code).toBe(0);
}, 300_000);
