import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../../server/config';
import { openPglite } from '../../../server/db/client';
import { users } from '../../../server/db/schema';
import { restoreBackup } from '../../../server/ops/restore-backup';
import { archiveNameAt, backupCron, pruneArchives, registerScheduledBackups, scheduleBackups } from '../../../server/ops/scheduled-backups';
import { addUser } from '../helpers/competition-seed';
import { startServer } from '../helpers/spawned-server';
import { createTestApp, testDatabase } from '../helpers/test-app';

/*
 * Scheduled backups (docs/operations.md): BACKUP_DIR, BACKUP_EVERY_HOURS and BACKUP_KEEP as the
 * server reads them, and the `ops.backup` job run by the app's job engine: a restorable archive in
 * BACKUP_DIR, only the newest BACKUP_KEEP kept.
 */

const scratch: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};
beforeAll(async () => {
  await testDatabase();
});
afterEach(() => {
  vi.unstubAllEnvs();
});
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe('BACKUP_DIR, BACKUP_EVERY_HOURS and BACKUP_KEEP', () => {
  const configWith = (values: Record<string, string>) => {
    vi.stubEnv('DATA_DIR', tempDir('wc-config-'));
    vi.stubEnv('JWT_SECRET', 'x'.repeat(48));
    vi.stubEnv('TOKEN_ENCRYPTION_KEY', 'y'.repeat(48));
    for (const name of ['BACKUP_DIR', 'BACKUP_EVERY_HOURS', 'BACKUP_KEEP']) vi.stubEnv(name, '');
    for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
    return loadConfig().backup;
  };

  test('unset: no scheduled backups (the interval and count keep their defaults)', () => {
    expect(configWith({})).toEqual({ dir: null, everyHours: 24, keep: 7 });
  });

  test('set: the folder resolved to an absolute path, the interval and the count as given', () => {
    expect(configWith({ BACKUP_DIR: 'backups/nightly', BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '14' })).toEqual({ dir: join(process.cwd(), 'backups/nightly'), everyHours: 6, keep: 14 });
    expect(configWith({ BACKUP_DIR: '/srv/backups' }).dir).toBe('/srv/backups');
  });

  test('a value that is not a whole number of at least 1 is refused with its name and value', () => {
    expect(() => configWith({ BACKUP_DIR: '/srv/backups', BACKUP_EVERY_HOURS: 'daily' })).toThrow(new ConfigError('BACKUP_EVERY_HOURS must be a whole number, got "daily"'));
    expect(() => configWith({ BACKUP_EVERY_HOURS: '1.5' })).toThrow('BACKUP_EVERY_HOURS must be a whole number, got "1.5"');
    expect(() => configWith({ BACKUP_KEEP: '-2' })).toThrow('BACKUP_KEEP must be a whole number, got "-2"');
    expect(() => configWith({ BACKUP_KEEP: '0' })).toThrow(new ConfigError('BACKUP_KEEP must be at least 1, got "0"'));
    expect(() => configWith({ BACKUP_EVERY_HOURS: '0' })).toThrow('BACKUP_EVERY_HOURS must be at least 1, got "0"');
  });

  test('the server refuses to start on a bad value, saying why in one line', async () => {
    const server = await startServer(tempDir('wc-config-start-'), false, { BACKUP_DIR: tempDir('wc-backups-'), BACKUP_KEEP: 'seven' });
    expect((await server.exited).code).toBe(1);
    const lines = server.output().trimEnd().split('\n');
    expect(lines.at(-1)).toBe('BACKUP_KEEP must be a whole number, got "seven"');
    expect(lines.filter((line) => /^\s+at |Error/.test(line))).toEqual([]); // no stack trace
  }, 120_000);
});

test('scheduled archives are named by time and only the newest BACKUP_KEEP are kept', async () => {
  const dir = tempDir('wc-scheduled-');
  const names = ['2026-11-20T03:00:00Z', '2026-11-21T03:00:00Z', '2026-11-22T03:00:00Z', '2026-11-23T03:00:00Z'].map((at) => archiveNameAt(new Date(at)));
  expect(names[0]).toBe('wellness-20261120T030000Z.wcb.gz');
  for (const name of names) writeFileSync(join(dir, name), 'x');
  writeFileSync(join(dir, 'hand-made.wcb.gz'), 'x');
  expect(await pruneArchives(dir, 2)).toEqual(names.slice(0, 2));
  expect(readdirSync(dir).sort()).toEqual(['hand-made.wcb.gz', ...names.slice(2)]);
  expect(backupCron(6)).toBe('0 */6 * * *');
  expect(backupCron(48)).toBe('0 0 */2 * *');
});

test('the ops.backup job, run by the job engine, writes a restorable archive into BACKUP_DIR and keeps the newest BACKUP_KEEP', async () => {
  const dataDir = tempDir('wc-data-');
  const backupDir = join(tempDir('wc-backups-'), 'scheduled'); // made by the job
  const { db, database, jobs, clock, config } = await createTestApp({ now: '2026-11-22T03:00:00Z', config: { dataDir, backup: { dir: backupDir, everyHours: 6, keep: 2 } } });
  const photo = 'e'.repeat(32) + '.png';
  mkdirSync(join(dataDir, 'uploads'));
  writeFileSync(join(dataDir, 'uploads', photo), 'photo bytes');
  await addUser(db, { firstName: 'Ann', profilePicture: photo });
  const logged: string[] = [];
  registerScheduledBackups(jobs, { database, config, clock, log: { info: (message) => logged.push(message) } });

  await scheduleBackups(jobs, config.backup);
  const schedules = await database.executeSql(`select name, cron from pgboss.schedule where name = 'ops.backup'`);
  expect(schedules.rows).toEqual([{ name: 'ops.backup', cron: '0 */6 * * *' }]);

  // Two scheduled archives from before; after this run the newest two remain.
  mkdirSync(backupDir);
  const older = ['2026-11-21T15:00:00Z', '2026-11-21T21:00:00Z'].map((at) => archiveNameAt(new Date(at)));
  for (const name of older) writeFileSync(join(backupDir, name), 'an older archive');
  await jobs.send('ops.backup', {});
  await jobs.whenIdle({ timeoutMs: 60_000 });
  expect(await jobs.failures({ name: 'ops.backup' })).toEqual([]);
  expect(readdirSync(backupDir).sort()).toEqual([older[1], 'wellness-20261122T030000Z.wcb.gz']);
  expect(logged).toEqual([expect.stringMatching(/^backup written to .*wellness-20261122T030000Z\.wcb\.gz \(\d+ tables, \d+ rows, 1 photos\); 1 old archive\(s\) removed$/)]);

  const restored = await openPglite();
  onTestFinished(() => restored.close());
  const restoredDir = tempDir('wc-restored-');
  await restoreBackup(restored, restoredDir, join(backupDir, 'wellness-20261122T030000Z.wcb.gz'));
  expect(await restored.db.select({ firstName: users.firstName, photo: users.profilePicture }).from(users)).toEqual([{ firstName: 'Ann', photo }]);
  expect(readFileSync(join(restoredDir, 'uploads', photo), 'utf8')).toBe('photo bytes');

  // BACKUP_DIR unset: the schedule is removed.
  await scheduleBackups(jobs, { ...config.backup, dir: null });
  expect((await database.executeSql(`select name from pgboss.schedule where name = 'ops.backup'`)).rows).toEqual([]);
}, 180_000);
