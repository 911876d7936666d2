import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (scripts/lib/..). */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Newest modification time under `path` (0 when it does not exist). */
const newest = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
};

/** Newest modification time of these paths (relative to the root) and everything under them. */
export const newestUnder = (paths) => Math.max(0, ...paths.map((path) => newest(join(root, path))));
