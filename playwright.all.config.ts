import { defineConfig } from '@playwright/test';
import app from './playwright.config';
import mock from './playwright.mock.config';

/**
 * `npm run test:e2e`: the real app's browser tests and mock mode's side by side, each project one
 * test at a time. The app's suite keeps about half a core busy (its tests mostly wait on the page),
 * so mock mode's fits beside it; within a project tests stay serial, because the real app's share
 * one server and its data. One file or project: `npx playwright test -c playwright.all.config.ts --project mock`,
 * or the two configs alone.
 */
export default defineConfig({
  ...app,
  testMatch: undefined,
  testIgnore: undefined,
  workers: 2,
  projects: [
    { name: 'app', testIgnore: app.testIgnore, use: app.use, workers: 1 },
    { name: 'mock', testMatch: mock.testMatch, use: mock.use, workers: 1 },
  ],
  webServer: [...[app.webServer ?? []].flat(), ...[mock.webServer ?? []].flat()],
});
