import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { aliases } from '../../vite.config';

/*
 * Mock mode runs the server's own route table in the browser: everything the route handlers reach
 * must bundle for a browser. This bundles every server module (routes, services, repos, jobs),
 * the route table (server/api.ts) with mock mode's host (mocks/host), the contract and the shared core with platform 'browser' and lists every
 * Node built-in or Node-only package met on the way, with the file that imports it.
 */
const root = path.resolve(import.meta.dirname, '../..');
const relative = (file: string) => path.relative(root, file);

/** Packages that only run on Node (native code, sockets, the file system, Node streams). */
const NODE_ONLY_PACKAGES = [
  'fastify',
  /^@fastify\//,
  'fastify-type-provider-zod',
  'light-my-request',
  'pino',
  'pg',
  'pg-boss',
  'graphile-worker',
  'nodemailer',
  'prom-client',
  /^@node-rs\//,
  'fast-jwt',
  'tsx',
];

/**
 * Node-host files the browser never loads: each named with why. The first admin is created by
 * server/index.ts at start-up (it prints the password to stdout, on the native hasher).
 */
const NODE_HOST_FILES = ['server/modules/auth/bootstrap-admin.ts'];

/** Node's own globals, called or read directly (a `typeof globalThis.x` feature test is fine). */
const NODE_GLOBALS = /(?<![.\w])(process\.|setImmediate\(|__dirname|__filename|require\()/;

const packageOf = (specifier: string) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
const isBuiltin = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(packageOf(specifier));
const isNodeOnly = (specifier: string) => NODE_ONLY_PACKAGES.some((name) => (typeof name === 'string' ? name === packageOf(specifier) : name.test(specifier)));

const entries = execSync("git ls-files -co --exclude-standard 'server/modules/*.ts' 'src/domain/*.ts' 'src/api/contract/*.ts'", { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !NODE_HOST_FILES.includes(file))
  // The outside world's stand-ins too: the provider fakes the server tests share run in the page as well.
  .concat('server/api.ts', 'server/compose-deps.ts', 'mocks/host/api-handler.ts', 'mocks/host/mock-api.ts', 'mocks/stand-ins/outside-world.ts', 'mocks/stand-ins/provider-page.ts');

type Finding = { importer: string; specifier: string };

/** Resolves the project's aliases and records (instead of bundling) what a browser cannot load. */
const browserSafety = (findings: Finding[]): Plugin => ({
  name: 'browser-safety',
  setup(bundler) {
    bundler.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === 'aliased') return undefined;
      const importer = relative(args.importer);
      const alias = aliases.find(({ find }) => find.test(args.path));
      if (alias) {
        const aliased = args.path.replace(alias.find, alias.replacement);
        return bundler.resolve(aliased, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'aliased' });
      }
      if (isBuiltin(args.path) || isNodeOnly(args.path)) {
        findings.push({ importer, specifier: args.path });
        return { path: args.path, external: true };
      }
      return undefined;
    });
  },
});

describe('the server code that mock mode runs in the browser', () => {
  it('bundles for the browser without any Node built-in or Node-only package', async () => {
    const findings: Finding[] = [];
    const result = await build({
      stdin: { contents: entries.map((file) => `import './${file}';`).join('\n'), resolveDir: root, loader: 'ts' },
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
      metafile: true,
      plugins: [browserSafety(findings)],
    }).catch((error: { errors?: { text: string; location?: { file: string } | null }[] }) => {
      // A package esbuild cannot resolve for the browser (e.g. a native addon's browser entry) is a finding too.
      for (const { text, location } of error.errors ?? []) findings.push({ importer: location?.file ?? '?', specifier: text });
      return null;
    });
    const unique = [...new Map(findings.map((finding) => [`${finding.importer} -> ${finding.specifier}`, finding])).keys()].sort();
    expect(unique).toEqual([]);
    // The bundle really went through the route table and the modules (not an empty entry).
    const bundled = Object.keys(result?.metafile.inputs ?? {});
    for (const file of ['server/http/respond.ts', 'mocks/host/api-handler.ts', 'server/modules/auth/service.ts', 'server/http/access-token.ts', 'server/http/sealed-cookie.ts']) expect(bundled).toContain(file);
    // Node's globals are no imports, so the bundler lets them through: a browser has none of them (Buffer is polyfilled by the host).
    const ownFiles = bundled.filter((file) => !file.includes('node_modules') && /\.tsx?$/.test(file));
    const usingNodeGlobals = ownFiles.filter((file) => NODE_GLOBALS.test(readFileSync(path.join(root, file), 'utf8')));
    expect(usingNodeGlobals).toEqual([]);
  }, 60_000);

  it('notices a Node import when one is there', async () => {
    const findings: Finding[] = [];
    await build({
      stdin: { contents: "import './server/passwords/argon2.ts'; import './server/photos/disk-photo-store.ts';", resolveDir: root, loader: 'ts' },
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
      plugins: [browserSafety(findings)],
    });
    expect(findings.map(({ importer, specifier }) => `${importer} -> ${specifier}`).sort()).toEqual([
      'server/passwords/argon2.ts -> @node-rs/argon2',
      'server/photos/disk-photo-store.ts -> node:fs/promises',
      'server/photos/disk-photo-store.ts -> node:path',
    ]);
  });
});
