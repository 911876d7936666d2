#!/usr/bin/env node
// `npm run backup|restore -- ...`: from the sources in a checkout (through tsx), or from the built
// bundle in the container image, which carries dist-server/ but no server/ sources.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib/newest.mjs';

const [command, ...args] = process.argv.slice(2);
if (!['backup', 'restore'].includes(command ?? '')) {
  console.error('Usage: node scripts/ops-command.mjs backup|restore <archive file> [--force]');
  process.exit(2);
}
const source = join(root, 'server', 'cli', `${command}.ts`);
if (existsSync(source)) {
  const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const result = spawnSync(process.execPath, [tsx, source, ...args], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
process.argv = [process.argv[0], join(root, 'dist-server', `${command}.mjs`), ...args];
await import(pathToFileURL(join(root, 'dist-server', `${command}.mjs`)).href);
