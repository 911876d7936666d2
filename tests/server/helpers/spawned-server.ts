import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest, type Agent } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The server as users run it (`npm start`, or `node scripts/start.mjs`), on a free loopback port. */

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export type Started = { child: ChildProcess; port: number; output: () => string; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> };

/** `detached`: its own process group (npm and the server), which a test may kill as a whole. */
export const startServer = async (dataDir: string, viaNpm = false, extraEnv: Record<string, string> = {}, detached = false): Promise<Started> => {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: '1', STATIC_DIR: join(dataDir, 'no-spa'), LOG_LEVEL: 'info', APP_ORIGIN: `http://127.0.0.1:${port}`, ...extraEnv };
  const child = viaNpm ? spawn('npm', ['start', '--silent'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached }) : spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, port, output: () => output, exited };
};

export type Answer = { status: number; body: string; headers: Record<string, string | string[] | undefined> };

export const send = (port: number, path: string, options: { agent?: Agent; headers?: Record<string, string>; method?: string; body?: string } = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: options.agent, headers: options.headers, method: options.method ?? 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });

export const get = (port: number, path: string, agent?: Agent) => send(port, path, { agent }).then((answer) => answer.status);

export const waitReady = async (started: Started, timeoutMs = 90_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`server exited early: ${started.output()}`);
    if ((await get(started.port, '/api/ready').catch(() => 0)) === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not ready in time: ${started.output()}`);
};

/**
 * A POST whose JSON body arrives in two parts (`finish()` sends the second): a request in the
 * server's hands when a stop begins. `received` settles once the server has read its headers (it
 * answers `Expect: 100-continue` then): a test signals only after that, since bytes still in the
 * kernel's buffer of a socket the server sees as idle are not a request in flight, on a busy machine
 * least of all. `answer` settles to the status or the error's message and never rejects: an error
 * before the test reads it must fail the test, not escape as an unhandled rejection.
 */
export const halfSentPost = (port: number, agent: Agent, path: string, payload: object, headers: Record<string, string> = {}) => {
  const body = JSON.stringify(payload);
  let finish = () => undefined as void;
  let headersRead = () => undefined as void;
  const received = new Promise<void>((resolve) => (headersRead = resolve));
  const answer = new Promise<number | string>((resolve) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers, 'content-length': String(body.length), expect: '100-continue' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', (error: Error) => {
      headersRead();
      resolve(error.message);
    });
    req.on('continue', () => {
      req.write(body.slice(0, 10));
      headersRead();
    });
    req.flushHeaders();
    finish = () => void req.end(body.slice(10));
  });
  return { answer, received, finish: () => finish() };
};
