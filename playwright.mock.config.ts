import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { MOCK_DB_PAGE_PORT, MOCK_DB_PAGE_URL, MOCK_MODE_PORT, MOCK_MODE_URL } from './tests/e2e/mock-mode-env';

/**
 * Browser tests of mock mode (tests/e2e/mock-*.spec.ts): no API server, only static builds: QA's
 * `build:mock`, and the mock database page (tests/e2e/mock-db-page) that opens mock mode's PGlite on its own.
 * Run: `npx playwright test --config playwright.mock.config.ts`.
 */
export { MOCK_DB_PAGE_URL };

export default defineConfig({
  ...base,
  testMatch: /mock-.*\.spec\.ts$/,
  testIgnore: [],
  // Its own folder: `npm run test:e2e` runs both suites at once, and each empties its output folder at start.
  outputDir: 'test-results/e2e-mock',
  use: { ...base.use, baseURL: MOCK_DB_PAGE_URL },
  webServer: [
    {
      command: `npx vite build --config tests/e2e/mock-db-page/vite.config.ts --logLevel warn && npx vite preview --config tests/e2e/mock-db-page/vite.config.ts --host 127.0.0.1 --port ${MOCK_DB_PAGE_PORT}`,
      url: MOCK_DB_PAGE_URL,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      // QA's static mock build (tests/e2e/mock-mode.spec.ts), served as any static host would.
      command: `npm run build:mock -- --logLevel warn && npx vite preview --outDir dist-mock --host 127.0.0.1 --port ${MOCK_MODE_PORT} --strictPort`,
      url: MOCK_MODE_URL,
      timeout: 400_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
  ],
});
