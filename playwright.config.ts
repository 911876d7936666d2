import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E } from './tests/e2e/env';

/**
 * Debian's old headless shell (`chromium-headless-shell`, what Playwright itself runs headless) when
 * installed: the same engine without the full browser's UI and compositor work, so the two browser
 * suites side by side took about a fifth less Chromium CPU on 2 cores (docs/testing.md); else Chromium.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const browserPath = process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * Browser tests drive the real app (`npm start`: built SPA + API on an embedded PGlite in a
 * throw-away DATA_DIR) in Debian's Chromium; Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // Mock mode's specs run on static builds, with their own servers (playwright.mock.config.ts).
  testIgnore: /mock-.*\.spec\.ts$/,
  outputDir: 'test-results/e2e',
  // A whole scenario (sign-ups, screenshots in both schemes at two widths, axe) under two workers on 2 cores.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two spec files at a time: a browser test mostly waits (the page, the server, a poll), so one
  // worker left a 2-core machine half idle. Every spec signs up its own people (uniqueEmail) and reads
  // its own mail, so files do not see each other's data. E2E_WORKERS=1 runs them one by one.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: E2E.baseUrl,
    viewport: { width: 1280, height: 800 },
    // axe-core is injected as an inline script, which the app's CSP rightly forbids.
    bypassCSP: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: browserPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `rm -rf ${E2E.dataDir} && node scripts/start.mjs`,
      url: `${E2E.baseUrl}/api/ready`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(E2E.port),
        HOST: '127.0.0.1',
        DATA_DIR: E2E.dataDir,
        APP_ORIGIN: E2E.baseUrl,
        ADMIN_EMAIL: E2E.admin.email,
        ADMIN_PASSWORD: E2E.admin.password,
        LOG_LEVEL: 'warn',
        // Every spec signs up from 127.0.0.1: lift the per-address sign-up limit for the suite.
        SIGNUP_LIMIT_PER_HOUR: '1000',
        // Strava, Fitbit (Google Health) and Polar are configured against local fakes, so the whole OAuth round trips run offline.
        STRAVA_CLIENT_ID: 'strava-id',
        STRAVA_CLIENT_SECRET: 'strava-secret',
        STRAVA_OAUTH_URL: `${E2E.fakeTrackerUrl}/strava-oauth`,
        STRAVA_API_URL: `${E2E.fakeTrackerUrl}/strava-api`,
        STRAVA_WEBHOOK_VERIFY_TOKEN: 'webhook-verify-secret',
        GOOGLE_CLIENT_ID: 'google-id',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        GOOGLE_AUTHORIZE_URL: `${E2E.fakeTrackerUrl}/google/auth`,
        GOOGLE_TOKEN_URL: `${E2E.fakeTrackerUrl}/google/token`,
        GOOGLE_REVOKE_URL: `${E2E.fakeTrackerUrl}/google/revoke`,
        GOOGLE_HEALTH_API_URL: `${E2E.fakeTrackerUrl}/google-health`,
        POLAR_CLIENT_ID: 'polar-id',
        POLAR_CLIENT_SECRET: 'polar-secret',
        POLAR_AUTHORIZE_URL: `${E2E.fakeTrackerUrl}/polar-flow/oauth2/authorization`,
        POLAR_TOKEN_URL: `${E2E.fakeTrackerUrl}/polar-remote/v2/oauth2/token`,
        POLAR_API_URL: `${E2E.fakeTrackerUrl}/polar-accesslink`,
        TRACKER_SYNC_EVERY_MINUTES: '0',
        // Single sign-on against a real OpenID provider that sso.spec.ts starts (discovery waits for the first sign-in).
        OIDC_ISSUER: E2E.identityProvider.url,
        OIDC_CLIENT_ID: 'wellness-challenge',
        OIDC_CLIENT_SECRET: E2E.identityProvider.clientSecret,
        OIDC_BUTTON_LABEL: E2E.identityProvider.label,
      },
    },
    // The same app in domain and in invite mode (signup-policy.spec.ts): started after the first,
    // whose build they reuse; a few seconds each.
    ...Object.values(E2E.policies).map((policy) => ({
      command: `rm -rf ${policy.dataDir} && node scripts/start.mjs`,
      url: `${policy.baseUrl}/api/ready`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
      env: { PORT: String(policy.port), HOST: '127.0.0.1', DATA_DIR: policy.dataDir, APP_ORIGIN: policy.baseUrl, ADMIN_EMAIL: E2E.admin.email, ADMIN_PASSWORD: E2E.admin.password, LOG_LEVEL: 'warn', ...policy.env },
    })),
  ],
});
