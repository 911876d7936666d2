import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { send, startServer, waitReady, type Started } from '../helpers/spawned-server';
import { createScratchDatabase } from '../helpers/test-app';
import { pngBytes } from '../auth/fixtures';

/*
 * The commands operators run (docs/operations.md): `npm run backup` while the server runs (on the
 * embedded database the server writes the archive on request; on PostgreSQL the command connects
 * itself), `npm run restore` into a new DATA_DIR and database (refused while a server runs on that
 * DATA_DIR or is connected to that PostgreSQL database, or when it holds accounts), and the restored
 * app signs in the same admin and serves the same photo. With TEST_DATABASE_URL (as CI runs it) the servers and commands use PostgreSQL.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** DATABASE_URL for one server and its commands: a new database on the test cluster, or '' for the embedded one. */
const newDatabaseUrl = async () => (onPostgres ? createScratchDatabase(process.env.TEST_DATABASE_URL!) : '');

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

const npmRun = (script: 'backup' | 'restore', args: string[], dataDir: string, databaseUrl: string) =>
  spawnSync('npm', ['run', '--silent', script, '--', ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, encoding: 'utf8', timeout: 120_000 });

const signIn = (port: number, password: string) =>
  send(port, '/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@localhost', password }) });

/** An employee signs up with a photo, as the join page sends it; resolves to the stored photo's name. */
const signUpWithPhoto = async (port: number, photo: Buffer) => {
  const form = new FormData();
  const person = { firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1991-02-03', gender: 'female', email: 'ann.lee@example.com', password: 'long enough password', levelOfCompetition: 'Advanced' };
  for (const [name, value] of Object.entries(person)) form.append(name, value);
  form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/signup`, { method: 'POST', body: form });
  expect(response.status, await response.clone().text()).toBe(201);
  const { user } = (await response.json()) as { user: { profilePicture: string } };
  return user.profilePicture.replace('/api/uploads/', '');
};

const photoServedBy = async (port: number, name: string) => Buffer.from(await (await fetch(`http://127.0.0.1:${port}/api/uploads/${name}`)).arrayBuffer());

test(`backup of a running server, restore into a new DATA_DIR${onPostgres ? ' and database (PostgreSQL)' : ''}, and the restored app signs the same admin in and serves the same photo`, async () => {
  const dataDir = tempDir('wc-cli-src-');
  const databaseUrl = await newDatabaseUrl();
  const server = await startServer(dataDir, false, { DATABASE_URL: databaseUrl });
  running.push(server);
  await waitReady(server);
  const password = /password: (\S+)/.exec(server.output())?.[1];
  expect(password).toBeTruthy();
  const photo = pngBytes(5_000);
  const photoName = await signUpWithPhoto(server.port, photo);

  const archive = join(tempDir('wc-cli-archive-'), 'nightly.wcb.gz');
  const backup = npmRun('backup', [archive], dataDir, databaseUrl);
  expect(backup.status, backup.stderr).toBe(0);
  expect(backup.stdout).toMatch(/Backup written to .*nightly\.wcb\.gz: \d+ tables, \d+ rows, 1 photos\./);
  expect(existsSync(archive)).toBe(true);

  // Refused while that server runs: on the embedded database its DATA_DIR lock says so; on PostgreSQL
  // its connections to the database do, whatever DATA_DIR the restore is given.
  const busy = npmRun('restore', [archive, '--force'], onPostgres ? tempDir('wc-cli-other-') : dataDir, databaseUrl);
  expect(busy.status).toBe(1);
  expect(busy.stderr).toContain(
    onPostgres
      ? `A Wellness Challenge server is connected to the PostgreSQL database ${new URL(databaseUrl).pathname.slice(1)} (`
      : `The server (pid ${server.child.pid}) is running on ${dataDir}: stop it before restoring.`,
  );
  expect(busy.stderr).toContain('stop it before restoring.');
  server.child.kill('SIGTERM');
  expect((await server.exited).code).toBe(0);
  // Once it has stopped, the same restore goes through.
  const stopped = npmRun('restore', [archive, '--force'], dataDir, databaseUrl);
  expect(stopped.status, stopped.stderr).toBe(0);

  const restoredDir = tempDir('wc-cli-dst-');
  const restoredUrl = await newDatabaseUrl();
  const restore = npmRun('restore', [archive], restoredDir, restoredUrl);
  expect(restore.status, restore.stderr).toBe(0);
  expect(restore.stdout).toMatch(/Restored \d+ tables, \d+ rows and 1 photos from/);
  expect(readFileSync(join(restoredDir, 'uploads', photoName))).toEqual(photo);
  const again = npmRun('restore', [archive], restoredDir, restoredUrl);
  expect(again.status).toBe(1);
  expect(again.stderr).toContain('Not restoring: the database already holds accounts.');

  const restored = await startServer(restoredDir, false, { DATABASE_URL: restoredUrl });
  running.push(restored);
  await waitReady(restored);
  expect(restored.output()).not.toContain('First admin created'); // the archived admin is there
  expect((await signIn(restored.port, password!)).status).toBe(200);
  expect(await photoServedBy(restored.port, photoName)).toEqual(photo);
  restored.child.kill('SIGTERM');
  expect((await restored.exited).code).toBe(0);
}, 300_000);
