import { expect, test, type Page } from '@playwright/test';

// The service worker would answer from its cache; these checks are about the network failing.
test.use({ serviceWorkers: 'block' });

/** From now on, every script the page has not loaded yet fails to download (a deploy renamed them, or offline). */
const failNewScripts = async (page: Page) => {
  const loaded = new Set(await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name)));
  let blocked = 0;
  await page.route('**/assets/*.js', (route) => {
    if (loaded.has(route.request().url())) return route.continue();
    blocked += 1;
    return route.abort('internetdisconnected');
  });
  return { blocked: () => blocked };
};

test('a page whose file cannot be downloaded reloads once, then shows Retry, and Retry brings it back', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const network = await failNewScripts(page);
  await page.getByRole('link', { name: 'Create profile' }).click();
  // One reload (a deploy may have renamed the files), then the readable page instead of a blank one.
  await expect(page.getByRole('heading', { name: 'This screen could not be loaded' })).toBeVisible();
  expect(network.blocked()).toBeGreaterThan(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/chunk-failure-1280.png' });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: 'test-results/screens/chunk-failure-375.png' });
  await page.unrouteAll();
  // Retry reloads: a browser keeps a failed import failed until the page is loaded again.
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Create new profile' })).toBeVisible();
});

test('signing in offline keeps the form and what was typed (the toast cannot load, the page stays)', async ({ page, context }) => {
  await page.goto('/');
  const email = page.getByRole('textbox', { name: 'Email' });
  await email.fill('offline@wellness.test');
  await page.getByRole('textbox', { name: 'Password' }).fill('Some-password-1');
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForTimeout(500);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  await expect(email).toHaveValue('offline@wellness.test');
  await context.setOffline(false);
});
