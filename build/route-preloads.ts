import { relative } from 'node:path';
import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** Written beside index.html; the server reads it (server/plugins/route-preloads.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * Fetched on every signed-in page's first load, before or beside its route's chunk: the session's
 * calls, the navigation's links and sign-out button, the pending view, and (employee pages) the
 * device store's code the employee area starts with.
 */
const SIGNED_IN_MODULES = [
  'src/api/session-calls.ts',
  'src/components/nav-links.tsx',
  'src/components/sign-out-button.tsx',
  'src/components/page-pending-view.tsx',
];
const AREA_MODULES: Record<string, string[]> = { 'src/routes/_employee.tsx': ['src/features/activity/offline-support.ts'] };
const SIGNED_IN_LAYOUTS = ['src/routes/_employee.tsx', 'src/routes/_signed-in.tsx', 'src/routes/_admin.tsx'];

/** `src/routes/_employee/employee/dashboard.tsx` -> `/employee/dashboard` (pathless `_layout` segments dropped). */
export const pathOfRouteFile = (file: string) => {
  const segments = file
    .replace(/^src\/routes\//, '')
    .replace(/\.tsx$/, '')
    .split('/')
    .filter((segment) => !segment.startsWith('_'));
  if (segments.at(-1) === 'index') segments.pop();
  return `/${segments.join('/')}`;
};

/** The layout files above a route file: `src/routes/_employee.tsx` for `src/routes/_employee/employee/dashboard.tsx`. */
const layoutsOf = (file: string) => {
  const parts = file
    .replace(/^src\/routes\//, '')
    .split('/')
    .slice(0, -1);
  return parts.map((_, index) => `src/routes/${parts.slice(0, index + 1).join('/')}.tsx`);
};

/**
 * For each signed-in page with a fixed path, the files its first load needs beyond the entry: its
 * route's and layouts' chunks with every chunk they import, and the area's own lazy modules. A
 * route's chunk finds its imports only once it has arrived, and each layer of those costs a round trip
 * (about twelve on the dashboard, two seconds on a slow phone's network before the month was even
 * asked for). The server names these in the page's HTML, so they all start with the entry.
 * Not in the entry: the login page's JavaScript budget (docs/performance.md#first-load) pays nothing.
 */
export const routePreloads = (): Plugin => {
  let root = '';
  return {
    name: 'wellness-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // Every source module -> the chunk that holds it (a lazy module may share its chunk with others).
      const bySource = new Map<string, OutputChunk>();
      for (const chunk of chunks) {
        for (const id of chunk.moduleIds) {
          const source = relative(root, id.split('?')[0]!).split('\\').join('/');
          // A route's stub stays in the entry; its split chunk is the one to fetch.
          if (!(chunk.isEntry && bySource.has(source))) bySource.set(source, chunk);
        }
      }
      const withImports = (chunk: OutputChunk | undefined, into: Set<string>) => {
        if (!chunk || chunk.isEntry || into.has(chunk.fileName)) return;
        into.add(chunk.fileName);
        for (const imported of chunk.imports) withImports(byFile.get(imported), into);
      };
      const preloads: Record<string, string[]> = {};
      const routeFiles = [...new Set(bySource.keys())].filter((source) => source.startsWith('src/routes/'));
      for (const source of routeFiles) {
        const layouts = layoutsOf(source);
        const signedIn = layouts.some((layout) => SIGNED_IN_LAYOUTS.includes(layout));
        if (
          !signedIn ||
          !/^src\/routes\/[^-]/.test(source) ||
          source.includes('$') ||
          source.split('/').some((part) => part.startsWith('-'))
        )
          continue;
        const files = new Set<string>();
        for (const module of [...layouts, source, ...SIGNED_IN_MODULES, ...layouts.flatMap((layout) => AREA_MODULES[layout] ?? [])])
          withImports(bySource.get(module), files);
        preloads[pathOfRouteFile(source)] = [...files].map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 1)}\n` });
    },
  };
};
