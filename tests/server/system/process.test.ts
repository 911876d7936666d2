import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get, startServer as start, waitReady } from '../helpers/spawned-server';

/*
 * Through the command users run (`npm start`): one process per PGlite
 * DATA_DIR, a stale lock after kill -9 is recovered, and SIGTERM ends the server cleanly (exit 0,
 * within 5 s, keep-alive sockets closed, database closed so it reopens).
 */

let dataDir: string;
const running: ChildProcess[] = [];

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'wc-process-'));
});
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

test('a second process on the same DATA_DIR exits at once naming the directory and the running process', async () => {
  const first = await start(dataDir);
  running.push(first.child);
  await waitReady(first);
  const second = await start(dataDir);
  running.push(second.child);
  const { code } = await second.exited;
  expect(code).toBe(1);
  expect(second.output()).toContain(`Another Wellness Challenge process (pid ${first.child.pid}`);
  expect(second.output()).toContain(dataDir);
  expect(await get(first.port, '/api/health')).toBe(200); // the first one is untouched

  // kill -9 leaves the lock behind: the next start takes it over.
  first.child.kill('SIGKILL');
  await first.exited;
  expect(existsSync(join(dataDir, 'db.lock'))).toBe(true);
  const third = await start(dataDir);
  running.push(third.child);
  await waitReady(third);
  expect(third.output()).toContain('Taking over a stale database lock');
  third.child.kill('SIGTERM');
  expect((await third.exited).code).toBe(0);
}, 240_000);

test('SIGTERM to `npm start` stops the server cleanly within 5 s (keep-alive sockets closed, lock released) and the database reopens', async () => {
  const server = await start(dataDir, true);
  running.push(server.child);
  await waitReady(server);
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  await Promise.all([get(server.port, '/api/health', agent), get(server.port, '/api/health', agent), get(server.port, '/api/ready', agent)]);
  const stopping = Date.now();
  server.child.kill('SIGTERM');
  // npm passes the signal to the server (its script execs node) and exits with the server's code.
  const { code } = await server.exited;
  expect(code).toBe(0);
  while (!server.output().includes('stopped cleanly') && Date.now() - stopping < 6000) await new Promise((resolve) => setTimeout(resolve, 50));
  const tookMs = Date.now() - stopping;
  agent.destroy();
  expect(server.output()).toContain('stopped cleanly');
  expect(tookMs).toBeLessThan(5000);
  expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
  expect(await get(server.port, '/api/health').catch(() => 'refused')).toBe('refused'); // nothing orphaned still serving

  const again = await start(dataDir);
  running.push(again.child);
  await waitReady(again);
  again.child.kill('SIGTERM');
  expect((await again.exited).code).toBe(0);
}, 240_000);

test('an unusable DATA_DIR is one clear sentence, not a stack trace', async () => {
  const blocked = join(dataDir, 'a-file');
  await import('node:fs').then(({ writeFileSync }) => writeFileSync(blocked, 'x'));
  const server = await start(join(blocked, 'data'));
  const { code } = await server.exited;
  expect(code).toBe(1);
  expect(server.output()).toMatch(/DATA_DIR \(.*a-file\/data\) (is not a folder|cannot be created|cannot be used|is not writable)/);
  expect(server.output()).not.toContain('    at ');
}, 60_000);
