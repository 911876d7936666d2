import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { mockDatabasePlugin } from '../../../scripts/mock-db/vite-plugin';
import { aliases } from '../../../vite.config';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The mock database check page (main.ts), built and served on its own: `vite build|preview --config tests/e2e/mock-db-page/vite.config.ts`. */
export default defineConfig({
  root,
  plugins: [mockDatabasePlugin()],
  resolve: { alias: aliases },
  // PGlite finds its .wasm and .data files next to its own module: Vite must not pre-bundle it (PGlite's bundler notes).
  optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  build: { outDir: fileURLToPath(new URL('../../../test-results/mock-db-page', import.meta.url)), emptyOutDir: true, target: 'es2022' },
  preview: { port: 4173, strictPort: true },
});
