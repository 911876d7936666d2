import { execSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The dependency rules ESLint cannot see (it checks one import at a time): no import loop between
 * files, infrastructure never imports the modules above it, and server modules never import each
 * other both ways. Type-only imports count: a loop of types is still a loop a reader must untangle.
 */
const files = execSync("git ls-files -co --exclude-standard 'src/*.ts' 'src/*.tsx' 'server/*.ts' 'mocks/*.ts'", { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && !file.endsWith('routeTree.gen.ts') && existsSync(file));

const resolve = (from: string, specifier: string): string | null => {
  let base: string;
  if (specifier === '@/contract') base = 'src/api/contract/index';
  else if (specifier.startsWith('@/contract/')) base = `src/api/contract/${specifier.slice('@/contract/'.length)}`;
  else if (specifier.startsWith('@/domain/')) base = `src/domain/${specifier.slice('@/domain/'.length)}`;
  else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
};

const graph = new Map<string, string[]>(
  files.map((file) => {
    const text = readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(/(?:import|export)\s[^'";]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)].map((match) => match[1] ?? match[2] ?? '');
    return [file, [...new Set(specifiers.map((specifier) => resolve(file, specifier)).filter((target): target is string => target !== null))]];
  }),
);

/** Every loop of files (strongly connected components larger than one, Tarjan). */
const importLoops = () => {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const loop: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        loop.push(member);
      } while (member !== file);
      if (loop.length > 1) loops.push(loop.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return loops;
};

const edges = () => [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

/** Server infrastructure: what modules stand on. It never reaches up into a module, a plugin or the app. */
const isInfrastructure = (file: string) => /^server\/(db|http|mail|trackers)\//.test(file) || file === 'server/config.ts' || file === 'server/deps.ts';
const isAboveInfrastructure = (file: string) => /^server\/(modules|plugins|cli)\//.test(file) || file === 'server/app.ts' || file === 'server/index.ts' || file === 'server/serve.ts';
const sliceOf = (file: string) => /^server\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;

describe('import graph', () => {
  it('has no import loop between files', () => {
    expect(importLoops()).toEqual([]);
  });

  it('server infrastructure never imports a module, a plugin or the app', () => {
    expect(edges().filter(({ from, to }) => isInfrastructure(from) && isAboveInfrastructure(to))).toEqual([]);
  });

  it('server modules never import each other both ways', () => {
    const sliceEdges = new Set(
      edges()
        .map(({ from, to }) => [sliceOf(from), sliceOf(to)] as const)
        .filter(([from, to]) => from && to && from !== to)
        .map(([from, to]) => `${from} -> ${to}`),
    );
    const both = [...sliceEdges].filter((edge) => {
      const [from, to] = edge.split(' -> ');
      return from! < to! && sliceEdges.has(`${to} -> ${from}`);
    });
    expect(both).toEqual([]);
  });

  it('server and mocks reach src only through @/contract and @/domain; mock mode hosts the route table, never the Fastify app', () => {
    const relativeToSrc = edges().filter(({ from, to }) => /^(server|mocks)\//.test(from) && to.startsWith('src/') && !/^src\/(api\/contract|domain)\//.test(to));
    expect(relativeToSrc).toEqual([]);
    for (const file of files.filter((name) => name.startsWith('server/') || name.startsWith('mocks/'))) {
      expect({ file, imports: /from '(\.\.\/)+src\//.test(readFileSync(file, 'utf8')) }).toEqual({ file, imports: false });
    }
    const mocks = execSync('git ls-files -co --exclude-standard mocks', { encoding: 'utf8' }).split('\n').filter((file) => file && existsSync(file));
    const nodeOnly = /from '(\.\.\/)+server\/(app|index|plugins\/|cli\/|ops\/)/;
    expect(mocks.filter((file) => nodeOnly.test(readFileSync(file, 'utf8')))).toEqual([]);
  });
});
