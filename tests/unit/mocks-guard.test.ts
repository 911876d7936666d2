import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Mock mode is the server's own code behind one MSW handler (docs/architecture.md, mocks/README.md).
 * This fails when mocks/ starts to grow a second implementation again: a second MSW handler, msw's
 * `http` used outside the host, or mock code reaching into a module that states product rules
 * (it would call or recombine them on its own instead of going through the route table).
 */
const files = execSync("git ls-files -co --exclude-standard 'mocks/*.ts'", { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file.endsWith('.ts'));
const source = (file: string) => readFileSync(file, 'utf8');
const HANDLER = /\bhttp\.(all|get|post|put|patch|delete|head|options)\s*\(/g;
const IMPORTS = /from\s+'([^']+)'/g;

/** Where a mock file's import lands, as a repository path ('@/domain/x' -> 'src/domain/x'). */
const targetOf = (file: string, specifier: string) => {
  if (specifier.startsWith('@/domain/')) return `src/domain/${specifier.slice('@/domain/'.length)}`;
  if (specifier.startsWith('@/contract')) return `src/api/contract${specifier.slice('@/contract'.length)}`;
  return specifier.startsWith('.') ? normalize(join(dirname(file), specifier)) : specifier;
};

/**
 * Server modules of rules mock code may use: the seed scores through the server's own rebuild; the
 * host picks the provider clients for its settings as server/serve.ts does (createTrackers).
 */
const RULE_MODULES_ALLOWED = ['server/modules/scoring/rebuild-command', 'server/modules/trackers/create-trackers'];
/**
 * The stand-ins for the outside world (the providers' fakes, the identity provider): they answer as
 * the providers do and know nothing of ours: no server module, no contract, no shared rule, no mock wiring.
 */
const OUTSIDE_WORLD = ['mocks/stand-ins/providers/', 'mocks/stand-ins/identity-provider.ts'];
/** Rules stated a second time for a test's comparison (the TypeScript twin of scoring.sql): never in mock mode. */
const TWINS = ['src/domain/scoring-points'];

describe('mocks/ holds one MSW handler and no rule of its own', () => {
  it('registers exactly one MSW handler, in mocks/host/api-handler.ts', () => {
    const handlers = files.flatMap((file) => [...source(file).matchAll(HANDLER)].map(() => file));
    expect(handlers).toEqual(['mocks/host/api-handler.ts']);
  });

  it("imports msw's http only in mocks/host", () => {
    const importers = files.filter((file) => /import\s*\{[^}]*\bhttp\b[^}]*\}\s*from\s*'msw'/.test(source(file)));
    expect(importers.filter((file) => !file.startsWith('mocks/host/'))).toEqual([]);
  });

  it('reaches server modules of rules only through the route table (server/api.ts), and no rule twin', () => {
    const imports = files.flatMap((file) => [...source(file).matchAll(IMPORTS)].map((match) => ({ file, target: targetOf(file, match[1]!) })));
    const rules = imports.filter(({ target }) => target.startsWith('server/modules/') && !RULE_MODULES_ALLOWED.includes(target));
    expect(rules).toEqual([]);
    expect(imports.filter(({ target }) => TWINS.includes(target))).toEqual([]);
  });

  it('keeps the outside world free of our code: its stand-ins import only each other and packages', () => {
    const outside = files.filter((file) => OUTSIDE_WORLD.some((prefix) => file.startsWith(prefix)));
    expect(outside.length).toBeGreaterThan(4);
    const imports = outside.flatMap((file) => [...source(file).matchAll(IMPORTS)].map((match) => ({ file, target: targetOf(file, match[1]!) })));
    const ours = imports.filter(({ target }) => target.startsWith('@/') || (target.includes('/') && !OUTSIDE_WORLD.some((prefix) => target.startsWith(prefix)) && /^(src|server|mocks)\//.test(target)));
    expect(ours).toEqual([]);
  });
});
