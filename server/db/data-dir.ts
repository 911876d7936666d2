import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A start-up problem with DATA_DIR, said as a sentence an operator can act on. */
export class DataDirError extends Error {}

const describe = (dir: string, error: unknown) => {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ENOSPC') return `The disk holding DATA_DIR (${dir}) is full: free some space, then start again.`;
  if (code === 'EROFS') return `DATA_DIR (${dir}) is on a read-only file system: point DATA_DIR at a writable folder.`;
  if (code === 'EACCES' || code === 'EPERM') return `DATA_DIR (${dir}) is not writable by this user: fix its permissions or choose another DATA_DIR.`;
  if (code === 'ENOTDIR' || code === 'EEXIST') return `DATA_DIR (${dir}) is not a folder: a file of that name is in the way.`;
  if (code === 'ENOENT') return `DATA_DIR (${dir}) cannot be created: a parent folder is missing.`;
  return `DATA_DIR (${dir}) cannot be used: ${(error as Error).message}`;
};

/** Creates DATA_DIR and proves a file can be written there, before the database opens. */
export const prepareDataDir = (dir: string) => {
  try {
    mkdirSync(dir, { recursive: true });
    if (!statSync(dir).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
    const probe = join(dir, `.write-probe-${process.pid}`);
    writeFileSync(probe, 'ok');
    unlinkSync(probe);
  } catch (error) {
    throw new DataDirError(describe(dir, error));
  }
};

/** Whether a file can still be written in DATA_DIR (readiness: a full disk must not look ready). */
export const canWrite = (dir: string) => {
  try {
    const probe = join(dir, '.ready-probe');
    writeFileSync(probe, String(Date.now()));
    return true;
  } catch {
    return false;
  }
};

type LockInfo = { pid: number; startedAt: string; port?: number };

/** A zombie has exited but is not reaped yet (its parent was killed too): it holds nothing any more. */
const isZombie = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command name) S ...": the name may hold spaces and parentheses, the state follows the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false; // no /proc (not Linux) or already gone: the signal probe decides
  }
};

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM'; // alive, owned by someone else
  }
  return !isZombie(pid);
};

/**
 * One process per PGlite data directory: two would each keep their own copy in memory and lose
 * each other's writes. The lock file is created exclusively; a lock whose process is gone or a zombie
 * (a crash, kill -9) is taken over at once with a log line. Returns the release function.
 */
export const lockDataDir = (dir: string, port: number, log: (message: string) => void = () => undefined) => {
  const path = join(dir, 'db.lock');
  const info: LockInfo = { pid: process.pid, startedAt: new Date().toISOString(), port };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      writeFileSync(fd, JSON.stringify(info));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw new DataDirError(describe(dir, error));
    }
    let holder: LockInfo | null = null;
    try {
      holder = JSON.parse(readFileSync(path, 'utf8')) as LockInfo;
    } catch {
      holder = null; // half-written by a process that died at once: stale
    }
    if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
      const where = holder.port ? ` on port ${holder.port}` : '';
      throw new DataDirError(
        `Another Wellness Challenge process (pid ${holder.pid}${where}, started ${holder.startedAt}) is using the database in ${dir}. ` +
          'Stop it first, or give this one another DATA_DIR (or a shared PostgreSQL through DATABASE_URL).',
      );
    }
    log(`Taking over a stale database lock in ${dir} (process ${holder?.pid ?? 'unknown'} is gone).`);
    rmSync(path, { force: true });
  }
  throw new DataDirError(`Could not lock the database in ${dir}: another process keeps taking it.`);
};

/** The live process holding DATA_DIR's database lock, if any (backup and restore commands ask). */
export const lockHolder = (dir: string): LockInfo | null => {
  try {
    const holder = JSON.parse(readFileSync(join(dir, 'db.lock'), 'utf8')) as LockInfo;
    return holder.pid !== process.pid && isAlive(holder.pid) ? holder : null;
  } catch {
    return null;
  }
};
