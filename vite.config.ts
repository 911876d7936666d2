import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, searchForWorkspaceRoot } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './build/precompress.ts';
import { pwaManifest } from './build/pwa-manifest.ts';
import { mockDatabasePlugin } from './scripts/mock-db/vite-plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Path aliases of tsconfig.json: the contract and the shared core, for SPA, server, mocks and tests alike. */
export const aliases = [
  { find: /^@\/contract$/, replacement: `${root}src/api/contract/index.ts` },
  { find: /^@\/contract\//, replacement: `${root}src/api/contract/` },
  { find: /^@\/domain\//, replacement: `${root}src/domain/` },
];

const apiPort = process.env.PORT ?? '3000';

/**
 * Where PGlite's files really are: `dev:mock` serves its .wasm and .data files from beside its module
 * (never pre-bundled), and a node_modules that is a link (a worktree sharing one install, a mounted
 * volume) puts them outside the project, which Vite's dev server refuses to serve ("outside of Vite
 * serving allow list") and mock mode's database does not start.
 */
const pgliteDir = join(root, 'node_modules', '@electric-sql', 'pglite');
const devServerAllow = [searchForWorkspaceRoot(root), ...(existsSync(pgliteDir) ? [realpathSync(pgliteDir)] : [])];

export default defineConfig(({ mode }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // The login page (`/`, also under pathless layouts such as `/_guest/`) is the first screen of
      // most visits: it ships with the entry instead of costing one more round trip after it.
      // Every other route: its loader, component and error/not-found views travel in one chunk
      // (the router's default leaves loaders in the entry, and a loader brings its queries, the
      // contract and zod along; one chunk per route keeps one import stub per route in the entry).
      // The pending view stays with the route: it is shown while that very chunk is still loading,
      // and a split one would suspend on its own chunk first (React then warns that use() was called
      // conditionally: the router's lazy wrapper calls it only until its module is there).
      // PagePending fetches its own view lazily, so this costs the entry one line per route.
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) => (/^(\/_[^/]+)*\/$/.test(routeId) ? [] : undefined),
        defaultBehavior: [['loader', 'component', 'errorComponent', 'notFoundComponent']],
      },
      routeFileIgnorePattern: '\\.(test|spec)\\.tsx?$',
    }),
    react(),
    // Installable app: the worker precaches the shell and every lazy file, so no screen needs the
    // network to render (docs/product-rules.md, "Offline and installable app"). Mock mode runs MSW's
    // worker on the same scope, and one scope holds one worker: no app worker there.
    VitePWA({
      disable: mode === 'mock' || process.env.VITE_USE_MOCKS === 'true',
      registerType: 'prompt',
      injectRegister: false,
      manifest: pwaManifest,
      includeAssets: ['logo.svg', 'default-avatar.svg', 'icons/apple-touch-icon.png'],
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        globIgnores: ['mockServiceWorker.js', '**/*.map'],
        navigateFallback: '/index.html',
        // The API is never answered by the worker: the query cache owns data.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/metrics/],
        maximumFileSizeToCacheInBytes: 3_000_000,
        cleanupOutdatedCaches: true,
        // The first install takes the open tab at once (it can go offline right away); updates still wait for "Reload".
        clientsClaim: true,
      },
    }),
    precompress(),
    // Mock mode's database file (scripts/mock-db): served by dev:mock, emitted by build:mock.
    ...(mode === 'mock' ? [mockDatabasePlugin()] : []),
  ],
  // PGlite (mock mode) finds its .wasm and .data files next to its own module: never pre-bundled.
  optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  resolve: { alias: aliases },
  define: {
    // Mock mode (QA): every call is answered by MSW in the browser.
    'import.meta.env.VITE_USE_MOCKS': JSON.stringify(mode === 'mock' ? 'true' : (process.env.VITE_USE_MOCKS ?? 'false')),
  },
  server: {
    port: 5173,
    fs: { allow: devServerAllow },
    proxy: mode === 'mock' ? undefined : { '/api': `http://127.0.0.1:${apiPort}` },
  },
  // Source maps are built for debugging a deploy but not referenced by the bundles; the server never serves them.
  build: {
    sourcemap: 'hidden',
    // Every browser the app supports has <link rel=modulepreload>: no polyfill in the entry.
    modulePreload: {
      polyfill: false,
      // The entry names no chunk's dependencies (the lists for ~30 routes cost the login page about
      // 0.8 kB gzip): a route's chunk brings its shared chunks as static imports, and once the
      // service worker has precached every file those come from the device anyway.
      resolveDependencies: (_file, deps, { hostId, hostType }) => (hostType === 'js' && /(^|\/)index-[^/]*\.js$/.test(hostId) ? [] : deps),
    },
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // The app's own modules only define things (components, queries, schemas): importing one for a
      // single export must not keep its neighbours. A route keeps e.g. `UsersView` for its search in the
      // entry, and without this the feature's screens would ride along into the login page's JavaScript.
      // Anything else keeps the default (packages: their package.json `sideEffects`).
      treeshake: { moduleSideEffects: (id: string) => (id.startsWith(`${root}src/`) && /\.tsx?$/.test(id) && id !== `${root}src/main.tsx` ? false : undefined) },
      output: {
        // Chunk names are content hashes only: the entry lists every lazy chunk's file name (for its
        // imports and preload lists), and the readable part cost the login page ~0.3 kB gzip.
        chunkFileNames: 'assets/[hash].js',
        // Everything the entry needs at once travels in one file, not thirty (six connections per
        // host: on a slow network each extra round of requests costs an RTT). Libraries and app code
        // used to be two files (libraries cached across app deploys); one file is 0.5 kB gzip smaller
        // and one request fewer, which the login page's 150 kB budget (docs/performance.md#first-load) needs.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
}));
