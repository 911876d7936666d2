import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { E2E } from './env';
import { waitForServiceWorker } from './helpers';

/**
 * The page loses its network, as on a train; its service worker keeps running. (Playwright's
 * context.setOffline also cuts the worker off mid-answer, which no phone does.)
 */
const goOffline = async (page: Page) => {
  const session = await page.context().newCDPSession(page);
  const conditions = { latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', { offline: true, ...conditions });
  return { end: () => session.send('Network.emulateNetworkConditions', { offline: false, ...conditions }) };
};

test('the manifest and worker make the app installable, and every screen renders offline from the precache', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  // The first visit installs the worker; it takes control once it activates (clientsClaim on reload).
  await waitForServiceWorker(page);

  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { display: string; start_url: string; icons: { sizes: string; purpose: string }[] };
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toBe('/');
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']));

  // Offline, opening a screen whose files this page never fetched renders it from the precache.
  const offline = await goOffline(page);
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create new profile' })).toBeVisible();
  await offline.end();

  // API answers are never kept by the worker.
  const cachedUrls = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(cachedUrls.some((url) => url.startsWith('/assets/'))).toBe(true);
  expect(cachedUrls.filter((url) => url.startsWith('/api'))).toEqual([]);
});

test("Chromium finds nothing that stops installing the app (a normal profile: incognito never installs)", async ({ browserName }, testInfo) => {
  expect(browserName).toBe('chromium');
  const profile = mkdtempSync(join(tmpdir(), 'pwa-profile-'));
  const launch = testInfo.project.use.launchOptions ?? {};
  const context = await chromium.launchPersistentContext(profile, { ...launch, baseURL: E2E.baseUrl });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await waitForServiceWorker(page);
    const session = await context.newCDPSession(page);
    const { installabilityErrors } = (await session.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
