#!/usr/bin/env node
// `npm start`: build the SPA when dist/ is missing or older than its sources, then run the server
// (which migrates the database and serves SPA + API on PORT) in THIS process, so SIGINT/SIGTERM sent
// to `npm start` reach the server itself: nothing is left orphaned and the exit code is the server's.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = join(root, 'dist', 'index.html');
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((name) => join(root, name));

/** Newest modification time under `path` (0 when it does not exist). */
const newest = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
};

const needsBuild = () => !existsSync(distIndex) || Math.max(...sources.map(newest)) > statSync(distIndex).mtimeMs;

if (process.env.SKIP_BUILD !== '1' && needsBuild()) {
  console.info('Building the web app (dist/ is missing or older than src/)...');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web app build failed; not starting the server.');
    process.exit(build.status ?? 1);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(join(root, 'server', 'index.ts')).href);
