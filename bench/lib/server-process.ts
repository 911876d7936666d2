import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A server started the way users start it: `node scripts/start.mjs` (the process IS the server). */
export type ServerProcess = { child: ChildProcess; base: string; port: number; output: () => string; exited: Promise<number | null> };

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * `command` defaults to the built server through start.mjs; `['tsx', 'server/index.ts']`-style
 * commands measure the old way for comparison.
 */
export const startServer = (env: Record<string, string>, command: string[] = [process.execPath, 'scripts/start.mjs']): ServerProcess => {
  const port = Number(env.PORT);
  const child = spawn(command[0]!, command.slice(1), { env: { ...process.env, HOST: '127.0.0.1', SKIP_BUILD: '1', LOG_LEVEL: 'warn', APP_ORIGIN: `http://127.0.0.1:${port}`, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, base: `http://127.0.0.1:${port}`, output: () => output, exited };
};

/** Milliseconds until /api/ready answers 200 (polled every 20 ms). */
export const waitReady = async (server: ServerProcess, timeoutMs = 120_000) => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.child.exitCode !== null) throw new Error(`server exited early: ${server.output()}`);
    if (await fetch(`${server.base}/api/ready`).then((response) => response.ok, () => false)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`not ready in ${timeoutMs} ms: ${server.output()}`);
};

/** Resident set size and its peak (VmHWM) of one process, in MB, from /proc. */
export const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
};

/**
 * CPU time (user + system, all threads) the process has used so far, in ms: unlike wall-clock
 * start-up time it hardly depends on what else the shared machine is doing.
 */
export const cpuMsOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in clock ticks of 10 ms
};

/** SIGTERM and wait for the exit (the server stops cleanly within 5 s). */
export const stopServer = async (server: ServerProcess) => {
  if (server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
};
