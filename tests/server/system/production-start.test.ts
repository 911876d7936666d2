import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPgliteClusterApart } from '../../../server/db/pglite-cluster';
import { applyReplaceableSql } from '../../../server/db/functions';
import { scratchFolders } from '../../support/scratch';

/*
 * The server runs as a built bundle (no TypeScript compiler at run time), a new
 * PGlite cluster is created in a short-lived child process, and a restart does not re-apply the
 * replaceable SQL it already has. (Times and memory are measured by bench/server-runtime.ts.)
 */

const tempDir = scratchFolders();

test('the server bundle imports only runtime dependencies and carries its SQL folders', () => {
  const outDir = join(tempDir('wc-bundle-'), 'dist-server');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'vite.server.config.ts', '--logLevel', 'error'], {
    env: { ...process.env, SERVER_OUT_DIR: outDir },
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
  const code = readdirSync(outDir)
    .filter((name) => name.endsWith('.mjs'))
    .map((name) => readFileSync(join(outDir, name), 'utf8'))
    .join('\n');
  const packages = new Set([...code.matchAll(/^import\s[^'"]*["']([^"'.][^"']*)["']/gm)].map((match) => match[1]!).filter((name) => !name.startsWith('node:')).map((name) => name.split('/').slice(0, name.startsWith('@') ? 2 : 1).join('/')));
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
  expect(packages.size).toBeGreaterThan(5);
  // `npm prune --omit=dev` (Dockerfile) keeps exactly these: a devDependency here would fail in the image.
  expect([...packages].filter((name) => !manifest.dependencies[name])).toEqual([]);
  expect(packages.has('tsx')).toBe(false);
  expect(code).not.toMatch(/from ["']@\/(contract|domain)/); // path aliases resolved at build time
  expect(existsSync(join(outDir, 'migrations', 'meta', '_journal.json'))).toBe(true);
  expect(readdirSync(join(outDir, 'functions')).sort()).toEqual(readdirSync('server/db/functions').sort());
}, 120_000);

test('the replaceable SQL is applied on first start, skipped when unchanged, applied again after a new migration', async () => {
  const migrations = join(tempDir('wc-migrations-'), 'migrations');
  cpSync('server/db/migrations', migrations, { recursive: true });
  // A database that records what it received (replaceable_sql_applied), as a stand-in for the driver.
  const recorded = new Map<string, string>();
  const scripts: string[] = [];
  const executeSql = async (text: string, values?: unknown[]) => {
    if (values) return { rows: [...recorded].map(([file, checksum]) => ({ file, checksum })) };
    scripts.push(text);
    for (const match of text.matchAll(/values \('([^']+)', '([^']+)'\)/g)) recorded.set(match[1]!, match[2]!);
    return { rows: [] };
  };

  expect(await applyReplaceableSql(executeSql, migrations)).toBe(true);
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(/create or replace function/i);
  expect(await applyReplaceableSql(executeSql, migrations)).toBe(false);

  const journal = join(migrations, 'meta', '_journal.json');
  writeFileSync(journal, readFileSync(journal, 'utf8').replace(/\]\s*}\s*$/, ', {"idx": 999, "tag": "9999_new"}]}'));
  expect(await applyReplaceableSql(executeSql, migrations)).toBe(true);
  expect(scripts).toHaveLength(2);
});

test('a new PGlite cluster is created by a child process, an existing one is left alone', async () => {
  const dir = join(tempDir('wc-cluster-'), 'db');
  const before = process.memoryUsage().rss;
  await createPgliteClusterApart(dir);
  expect(readFileSync(join(dir, 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
  // initdb's ~840 MB peak stayed in the child: this process grew by far less.
  expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  const created = statSync(join(dir, 'PG_VERSION')).mtimeMs;
  await createPgliteClusterApart(dir);
  expect(statSync(join(dir, 'PG_VERSION')).mtimeMs).toBe(created);
}, 180_000);
