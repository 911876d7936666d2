#!/usr/bin/env node
// `npm start`: build the SPA (dist/) and the server bundle (dist-server/) when missing or older than
// their sources, then run the BUILT server (plain JavaScript: no TypeScript compiler at run time) in
// THIS process, so SIGINT/SIGTERM sent to `npm start` reach the server itself: nothing is left
// orphaned and the exit code is the server's. Builds run in child processes so their memory is
// returned before the server starts.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { newestUnder, root } from './lib/newest.mjs';

const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const distIndex = join(root, 'dist', 'index.html');
const serverDir = join(root, 'dist-server');
const serverEntry = join(serverDir, 'index.mjs');

const spaSources = ['src', 'public', 'index.html', 'vite.config.ts', 'build', 'package.json'];
// The server bundle holds server/ and the shared core it imports through the path aliases.
const serverSources = ['server', 'src/domain', 'src/api/contract', 'vite.server.config.ts', 'vite.config.ts', 'package.json'];

const isStale = (output, sources) => !existsSync(output) || newestUnder(sources) > statSync(output).mtimeMs;

const run = (what, args, env = {}) => {
  const result = spawnSync(process.execPath, [vite, ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`The ${what} build failed; not starting the server.`);
    process.exit(result.status ?? 1);
  }
};

// SKIP_BUILD=1 skips the SPA only (tests serve no SPA); the server bundle is always current (~1 s).
if (process.env.SKIP_BUILD !== '1' && isStale(distIndex, spaSources)) {
  console.info('Building the web app (dist/ is missing or older than its sources)...');
  run('web app', ['build']);
}

/** One build at a time: a second start waits, then finds the bundle current (never swaps it under a running one). */
const withBuildLock = (build) => {
  const lock = `${serverDir}.lock`;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lock, 'utf8')) || 0;
      if (!holder || !isRunning(holder)) rmSync(lock, { force: true }); // left by a killed build
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    build();
  } finally {
    rmSync(lock, { force: true });
  }
};

const isRunning = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

if (isStale(serverEntry, serverSources))
  withBuildLock(() => {
    if (!isStale(serverEntry, serverSources)) return; // another start built it meanwhile
    console.info('Building the server (dist-server/ is missing or older than its sources)...');
    // Built aside and swapped in, so a second `npm start` at the same moment never runs half a bundle.
    const building = `${serverDir}.${process.pid}.tmp`;
    try {
      run('server', ['build', '--config', 'vite.server.config.ts', '--logLevel', 'warn'], { SERVER_OUT_DIR: building });
      rmSync(serverDir, { recursive: true, force: true });
      renameSync(building, serverDir);
    } finally {
      rmSync(building, { recursive: true, force: true });
    }
  });

// `--build-only`: bring both builds up to date and stop (Docker's build stage, benches).
if (!process.argv.includes('--build-only')) await import(pathToFileURL(serverEntry).href);
