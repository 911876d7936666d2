import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lockDataDir } from '../../../server/db/data-dir';

/*
 * One process per PGlite DATA_DIR: a lock held by a live process is refused; one left by a process
 * that is dead, or a zombie not yet reaped (kill -9 of a whole process group), is taken over at once.
 */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wc-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const holdLock = (pid: number) => writeFileSync(join(dir, 'db.lock'), JSON.stringify({ pid, startedAt: '2026-11-26T00:00:00.000Z', port: 3999 }));
const processState = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
};

/**
 * A shell whose background child exits after the shell became `sleep`, which never reaps it: a
 * zombie. The child lives a moment first, so the shell cannot reap it before the exec.
 */
const makeZombie = async () => {
  const parent = spawn('sh', ['-c', 'sleep 0.3 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const pid = await new Promise<number>((resolve) => parent.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
  const deadline = Date.now() + 5000;
  while (processState(pid) !== 'Z' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return { pid, parent };
};

test('a lock held by a zombie is taken over at once', async () => {
  const { pid, parent } = await makeZombie();
  try {
    expect(processState(pid)).toBe('Z');
    holdLock(pid);
    const messages: string[] = [];
    const release = lockDataDir(dir, 3000, (message) => messages.push(message));
    expect(messages).toEqual([`Taking over a stale database lock in ${dir} (process ${pid} is gone).`]);
    expect(JSON.parse(readFileSync(join(dir, 'db.lock'), 'utf8'))).toMatchObject({ pid: process.pid, port: 3000 });
    release();
    expect(existsSync(join(dir, 'db.lock'))).toBe(false);
  } finally {
    parent.kill('SIGKILL');
  }
});

test('a lock held by a dead process is taken over; one held by a live process is refused', async () => {
  const child = spawn('sleep', ['30']);
  const pid = child.pid!;
  holdLock(pid);
  expect(() => lockDataDir(dir, 3000)).toThrow(`Another Wellness Challenge process (pid ${pid} on port 3999`);
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  const release = lockDataDir(dir, 3000);
  expect(JSON.parse(readFileSync(join(dir, 'db.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
  release();
});
