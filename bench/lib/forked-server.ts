import { fork, type ChildProcess } from 'node:child_process';

/** A bench server in its own process (through tsx): resolves with the first message it sends. */
export const startForkedServer = <Ready>(script: URL, env: Record<string, string>) =>
  new Promise<{ child: ChildProcess; ready: Ready }>((resolve, reject) => {
    const child = fork(script, [], { execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])], env: { ...process.env, ...env } });
    child.once('message', (message) => resolve({ child, ready: message as Ready }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });

/** Asks it to stop and waits until it has. */
export const stopForkedServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.send('stop');
  });
