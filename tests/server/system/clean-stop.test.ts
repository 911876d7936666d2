import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { halfSentPost, send, startServer, waitReady, type Started } from '../helpers/spawned-server';

/*
 * Stopping through the command operators run (`npm start`, behind a proxy that keeps connections
 * alive): SIGTERM answers every request already sent, closes every connection, stops the job engine,
 * closes the database and exits 0 within 5 s. A kill -9 of the whole process group leaves a lock
 * (its holder possibly a zombie for a moment) that the next start takes over at once.
 */

let dataDir: string;
const running: Started[] = [];
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'wc-clean-stop-'));
});
afterAll(() => {
  for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

test('SIGTERM under keep-alive load answers every request in flight, stops jobs and the database, and exits 0 within 5 s', { timeout: 240_000 }, async () => {
  const server = await startServer(dataDir, true);
  running.push(server);
  await waitReady(server);
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  let stopping = false;
  const answered: number[] = [];
  const failed: string[] = [];
  let inFlightAtSignal = 0;
  let inFlight = 0;
  // Eight clients on keep-alive sockets, each sending its next request as soon as the last is answered.
  const client = async (index: number) => {
    const paths = ['/api/docs/json', '/api/ready', '/api/health', '/api/config'];
    while (!stopping) {
      inFlight += 1;
      await send(server.port, paths[index % paths.length]!, { agent })
        .then((answer) => void answered.push(answer.status))
        .catch((error: Error) => void failed.push(error.message))
        .finally(() => (inFlight -= 1));
    }
  };
  const clients = Array.from({ length: 8 }, (_, index) => client(index));
  while (answered.length < 200) await new Promise((resolve) => setTimeout(resolve, 10));
  // Requests the server is still reading when the signal comes: half a body now, the rest after it.
  // Sockets of their own (the clients' eight are all busy), and time for the halves to arrive.
  const uploadAgent = new Agent({ keepAlive: true, maxSockets: 3 });
  const uploads = Array.from({ length: 3 }, () => halfSentPost(server.port, uploadAgent, '/api/auth/signin', { email: 'nobody@example.com', password: 'not-the-password' }));
  // In the server's hands (headers read), not only sent: then the signal.
  await Promise.all(uploads.map((upload) => upload.received));

  const signalledAt = Date.now();
  stopping = true;
  inFlightAtSignal = inFlight + uploads.length;
  server.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const upload of uploads) upload.finish();
  await Promise.all(clients);
  for (const outcome of await Promise.all(uploads.map((upload) => upload.answer))) {
    if (typeof outcome === 'string') failed.push(outcome);
    else answered.push(outcome);
  }
  const { code } = await server.exited;
  const tookMs = Date.now() - signalledAt;
  agent.destroy();
  uploadAgent.destroy();

  expect(inFlightAtSignal).toBeGreaterThan(0);
  expect(failed).toEqual([]); // no reset or hang-up: every request sent got its answer
  // 200s, and for the sign-ins a refusal of the wrong password (or 503 once closing began): all answers.
  expect(answered.filter((status) => ![200, 401, 429, 503].includes(status))).toEqual([]);
  expect(code).toBe(0);
  expect(tookMs).toBeLessThan(5000);
  expect(server.output()).toContain('job engine stopped');
  expect(server.output()).toContain('database closed');
  expect(server.output()).toContain('stopped cleanly');
  expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
});

test('a restart right after kill -9 of the whole process group takes the lock over at once', async () => {
  const first = await startServer(dataDir, true, {}, true);
  running.push(first);
  await waitReady(first);
  // npm and the server die together, as when a service manager kills the whole group.
  process.kill(-first.child.pid!, 'SIGKILL');
  await first.exited;
  expect(existsSync(join(dataDir, 'db.lock'))).toBe(true);

  const second = await startServer(dataDir, true);
  running.push(second);
  await waitReady(second, 30_000);
  expect(second.output()).toContain('Taking over a stale database lock');
  second.child.kill('SIGTERM');
  expect((await second.exited).code).toBe(0);
}, 240_000);
