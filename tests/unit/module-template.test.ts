import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../server/db/client';
import { repoOf } from '../../server/db/repo-of';

/**
 * The server module template (docs/architecture.md#server-module-template): `service.ts` exports `<slice>Service(deps)`,
 * a repo file exports `<slice>Repo(db)`, services hold no SQL and reach queries only through repo
 * factories, routes reach the module only through its service. Each failure names the file.
 */
const MODULES = 'server/modules';
/** Modules without the database: nothing to keep apart (said here, so a new one is a decision). */
const NO_DATABASE: Record<string, string> = { system: 'health, readiness and public settings answer from deps alone' };

const slices = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const filesOf = (slice: string) =>
  readdirSync(path.posix.join(MODULES, slice))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.posix.join(MODULES, slice, name));
const allFiles = slices.flatMap(filesOf);
const text = (file: string) => readFileSync(file, 'utf8');

const isService = (file: string) => /\/(service|[a-z-]+-service)\.ts$/.test(file);
const isRepo = (file: string) => /\/(repo|[a-z-]+-repo)\.ts$/.test(file);
const isRoutes = (file: string) => /\/(routes|[a-z-]+-routes)\.ts$/.test(file);
const camel = (slice: string) => slice.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

type Import = { specifier: string; names: string[]; typeOnly: boolean };
/** Every static import of a file: what it names, and whether it is erased (types only). */
export const importsOf = (source: string): Import[] =>
  [...source.matchAll(/import\s+(type\s+)?([^'";]*?)\s+from\s+'([^']+)'/g)].map((match) => {
    const clause = match[2] ?? '';
    const braces = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
    const named = braces
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const typeOnly = Boolean(match[1]) || (named.length > 0 && !clause.replace(/\{[^}]*\}/, '').replace(/,/g, '').trim() && named.every((name) => name.startsWith('type ')));
    const names = named.filter((name) => !name.startsWith('type ')).map((name) => name.split(/\s+as\s+/)[0]!.trim());
    const star = /\*\s+as\s+(\w+)/.exec(clause);
    const defaultName = clause.replace(/\{[^}]*\}/, '').replace(/\*\s+as\s+\w+/, '').replace(/,/g, '').trim();
    return { specifier: match[3]!, names: [...names, ...(star ? ['*'] : []), ...(defaultName ? [defaultName] : [])], typeOnly };
  });

const resolve = (from: string, specifier: string) => {
  if (!specifier.startsWith('.')) return specifier;
  const base = path.posix.join(path.posix.dirname(from), specifier);
  return existsSync(`${base}.ts`) ? `${base}.ts` : base;
};

/** Imports that put SQL in a file: the query builder, the schema, the raw statements. */
const sqlSources = (file: string, imports = importsOf(text(file))) =>
  imports
    .filter((entry) => !entry.typeOnly)
    .map((entry) => resolve(file, entry.specifier))
    .filter((target) => target.startsWith('drizzle-orm') || target === 'server/db/schema.ts' || target === 'server/db/raw-statement.ts');
/**
 * Files of SQL that keep their names (other work edits their SQL; a rename would not merge), each
 * reached through its module's repo factory like a repo file.
 */
const QUERY_HELPERS = new Set([
  'server/modules/users/employee-page.ts',
]);
/** A module file that writes SQL: reached from other module files only through a repo factory. */
const isQueryFile = (file: string) => file.startsWith(`${MODULES}/`) && (isRepo(file) || QUERY_HELPERS.has(file));

export const templateProblems = (files: string[], read: (file: string) => string = text): string[] => {
  const problems: string[] = [];
  for (const file of files) {
    const source = read(file);
    const imports = importsOf(source);
    // Services and the other use-case files of a module (sessions, jobs, bootstrap): no SQL of their own.
    if (!isQueryFile(file) && !isRoutes(file)) {
      for (const target of sqlSources(file, imports)) problems.push(`${file}: a service imports ${target} (SQL belongs in the module's repo)`);
      if (/\bsql`/.test(source)) problems.push(`${file}: a service writes sql\`...\` (SQL belongs in the module's repo)`);
      for (const entry of imports) {
        const target = resolve(file, entry.specifier);
        if (entry.typeOnly || !isQueryFile(target)) continue;
        const direct = entry.names.filter((name) => !name.endsWith('Repo'));
        if (direct.length > 0) problems.push(`${file}: a service imports ${direct.join(', ')} from ${target} (use its repo factory, e.g. ${camel(target.split('/')[2]!)}Repo(tx))`);
      }
    }
    if (isRoutes(file)) {
      for (const entry of imports) {
        const target = resolve(file, entry.specifier);
        if (!entry.typeOnly && isQueryFile(target)) problems.push(`${file}: routes import ${target} (routes go through the service)`);
      }
      for (const target of sqlSources(file, imports)) problems.push(`${file}: routes import ${target} (routes go through the service)`);
    }
    if (isService(file) || isQueryFile(file)) {
      if (/new Date\(\s*\)/.test(source)) problems.push(`${file}: new Date() reads the machine's clock (take deps.clock.now() and pass \`now\`)`);
      if (/^let\s/m.test(source)) problems.push(`${file}: module-level \`let\` is process-global state (hand it in through deps)`);
    }
  }
  return problems;
};

describe('server module template', () => {
  it('finds the modules', () => {
    expect(slices).toEqual(expect.arrayContaining(['activity', 'auth', 'bonus', 'feed', 'leaders', 'profile', 'trackers', 'users']));
  });

  it.each(slices.filter((slice) => !(slice in NO_DATABASE)))('%s exports <slice>Service(deps) from service.ts and <slice>Repo(db) from a repo file', (slice) => {
    const service = `${MODULES}/${slice}/service.ts`;
    expect(existsSync(service) && new RegExp(`export const ${camel(slice)}Service = `).test(text(service)), `${service} must export ${camel(slice)}Service(deps)`).toBe(true);
    const repos = filesOf(slice).filter(isRepo);
    expect(
      repos.some((file) => new RegExp(`export const ${camel(slice)}Repo = `).test(text(file))),
      `${MODULES}/${slice}/repo.ts (or a *-repo.ts) must export ${camel(slice)}Repo(db)`,
    ).toBe(true);
  });

  it('keeps SQL out of services, repos away from routes, and the clock and scoring values in deps', () => {
    expect(templateProblems(allFiles)).toEqual([]);
  });

  it('names the file that breaks the template', () => {
    const fake: Record<string, string> = {
      'server/modules/feed/service.ts': "import { sql } from 'drizzle-orm';\nimport { users } from '../../db/schema';\nlet activeRules = 1;\nconst at = new Date();",
      'server/modules/feed/routes.ts': "import { findFeedJson } from './repo';",
      'server/modules/bonus/service.ts': "import { loadUser } from '../users/repo';\nimport { usersRepo, type UserRow } from '../users/repo';",
    };
    const problems = templateProblems(Object.keys(fake), (file) => fake[file]!);
    expect(problems).toEqual([
      'server/modules/feed/service.ts: a service imports drizzle-orm (SQL belongs in the module\'s repo)',
      "server/modules/feed/service.ts: a service imports server/db/schema.ts (SQL belongs in the module's repo)",
      "server/modules/feed/service.ts: new Date() reads the machine's clock (take deps.clock.now() and pass `now`)",
      'server/modules/feed/service.ts: module-level `let` is process-global state (hand it in through deps)',
      'server/modules/feed/routes.ts: routes import server/modules/feed/repo.ts (routes go through the service)',
      'server/modules/bonus/service.ts: a service imports loadUser from server/modules/users/repo.ts (use its repo factory, e.g. usersRepo(tx))',
    ]);
  });
});

describe('repoOf', () => {
  it('binds every query to the handle it is given, arguments and results passed through', async () => {
    const seen: unknown[][] = [];
    const find = async (db: DbOrTx, id: number, forUpdate = false) => {
      seen.push([db, id, forUpdate]);
      return { id };
    };
    async function* all(db: DbOrTx, batch: number) {
      yield [db, batch];
    }
    const exampleRepo = repoOf({ find, all });
    const first = {} as DbOrTx;
    const second = {} as DbOrTx;
    expect(await exampleRepo(first).find(7)).toEqual({ id: 7 });
    await exampleRepo(second).find(8, true);
    expect(seen).toEqual([
      [first, 7, false],
      [second, 8, true],
    ]);
    for await (const row of exampleRepo(second).all(2)) expect(row).toEqual([second, 2]);
  });
});
