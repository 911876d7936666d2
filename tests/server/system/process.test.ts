import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, Agent } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * Through the command users run (`npm start`): one process per PGlite
 * DATA_DIR, a stale lock after kill -9 is recovered, and SIGTERM ends the server cleanly (exit 0,
 * within 5 s, keep-alive sockets closed, database closed so it reopens).
 */

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

type Started = { child: ChildProcess; port: number; output: () => string; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> };

const start = async (dataDir: string, viaNpm = false): Promise<Started> => {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: '1', STATIC_DIR: join(dataDir, 'no-spa'), LOG_LEVEL: 'info', APP_ORIGIN: `http://127.0.0.1:${port}` };
  const child = viaNpm ? spawn('npm', ['start', '--silent'], { env, stdio: ['ignore', 'pipe', 'pipe'] }) : spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, port, output: () => output, exited };
};

const get = (port: number, path: string, agent?: Agent) =>
  new Promise<number>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });

const waitReady = async (started: Started, timeoutMs = 90_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`server exited early: ${started.output()}`);
    if ((await get(started.port, '/api/ready').catch(() => 0)) === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not ready in time: ${started.output()}`);
};

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
  // npm itself dies of the signal; the server (its script) notices and stops cleanly.
  const { code, signal } = await server.exited;
  expect(code === 0 || signal === 'SIGTERM').toBe(true);
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
