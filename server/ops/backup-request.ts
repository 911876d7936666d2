import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupSummary } from './write-backup';

/**
 * `npm run backup` while the server runs on the embedded database: only the server may open it, so
 * the command leaves a request file in DATA_DIR (writable only by whoever runs the app) and sends the
 * server SIGUSR2; the server writes the archive through its own connection and answers with a file.
 */
const requestsDir = (dataDir: string) => join(dataDir, 'backup-requests');

type Answer = { ok: true; summary: BackupSummary } | { ok: false; error: string };

export const requestBackupFromServer = async (dataDir: string, pid: number, file: string, timeoutMs = 30 * 60_000): Promise<BackupSummary> => {
  mkdirSync(requestsDir(dataDir), { recursive: true, mode: 0o700 });
  const id = randomUUID();
  const answerPath = join(requestsDir(dataDir), `${id}.answer`);
  writeFileSync(join(requestsDir(dataDir), `${id}.request`), JSON.stringify({ file }), { mode: 0o600 });
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(answerPath)) {
    if (Date.now() > deadline) throw new Error(`The running server (pid ${pid}) did not answer the backup request in time.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const answer = JSON.parse(readFileSync(answerPath, 'utf8')) as Answer;
  rmSync(answerPath, { force: true });
  if (!answer.ok) throw new Error(answer.error);
  return answer.summary;
};

/** In the server: on SIGUSR2, carries out every waiting request, one after the other. */
export const serveBackupRequests = (dataDir: string, backup: (file: string) => Promise<BackupSummary>, log: { info: (message: string) => void; error: (object: object, message: string) => void }) => {
  let running: Promise<void> = Promise.resolve();
  const serve = async () => {
    const names = existsSync(requestsDir(dataDir)) ? readdirSync(requestsDir(dataDir)).filter((name) => name.endsWith('.request')) : [];
    for (const name of names) {
      const path = join(requestsDir(dataDir), name);
      const { file } = JSON.parse(readFileSync(path, 'utf8')) as { file: string };
      rmSync(path, { force: true });
      let answer: Answer;
      try {
        answer = { ok: true, summary: await backup(file) };
        log.info(`backup written to ${file} on request`);
      } catch (error) {
        log.error({ err: error }, 'requested backup failed');
        answer = { ok: false, error: (error as Error).message };
      }
      writeFileSync(join(requestsDir(dataDir), name.replace(/\.request$/, '.answer')), JSON.stringify(answer), { mode: 0o600 });
    }
  };
  process.on('SIGUSR2', () => {
    running = running.then(serve, serve);
  });
};
