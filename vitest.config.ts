import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { aliases } from './vite.config.ts';

/** Test files that open PGlite start from one migrated cluster per run (tests/support/pglite-template-setup.ts). */
const pgliteTemplate = 'tests/support/pglite-template-setup.ts';
/** The worker's files share its database: when a file ends, its last test app stops taking jobs, and a database a failed test may still write to is replaced. */
const testFileBoundary = 'tests/support/test-file-boundary.ts';

/** Five projects: pure rules, the SPA on jsdom + MSW, the real server, hostile input and abuse (security), and the contract suite. */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: aliases },
  test: {
    globals: true,
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', globalSetup: [pgliteTemplate], isolate: false } },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.tsx', 'tests/client/**/*.test.ts'],
          environment: 'jsdom',
          globalSetup: [pgliteTemplate],
          setupFiles: ['tests/client/setup.ts'],
          testTimeout: 15_000,
          hookTimeout: 60_000,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          globalSetup: [pgliteTemplate],
          setupFiles: [testFileBoundary],
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two files at a time fit two cores; the worker's modules and database serve all its files (docs/testing.md).
          maxWorkers: 2,
          isolate: false,
          // Projects with their own maxWorkers must run in their own group when run together.
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'security',
          globalSetup: [pgliteTemplate],
          setupFiles: [testFileBoundary],
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          globalSetup: [pgliteTemplate],
          setupFiles: [testFileBoundary],
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
