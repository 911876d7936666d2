import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, SCREENSHOT_VIEWPORTS, VIEWPORTS } from './helpers';
import { MOCK_MODE_URL } from './mock-mode-env';

/**
 * Mock mode's outside world (mocks/stand-ins): the company sign-in and the fitness services answer
 * in the page, and the server's own code (single sign-on, the provider clients, the import) talks to
 * them. The static `build:mock` served alone: `npx playwright test --config playwright.mock.config.ts`.
 */
test.use({ baseURL: MOCK_MODE_URL });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const ready = async (page: Page) => {
  await page.waitForFunction(() => window.__wellnessMocks !== undefined, undefined, { timeout: 90_000 });
};

const sql = <T>(page: Page, query: string) => page.evaluate(async (text) => (await window.__wellnessMocks!.sql(text)) as T[], query);

/** A provider's page (plain DOM, no app scheme) at both widths, checked by axe. */
const screenshotProviderPage = async (page: Page, name: string) => {
  for (const size of SCREENSHOT_VIEWPORTS) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/screens/${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await expectAccessible(page);
};

const screenshotApp = async (page: Page, name: string) => {
  for (const size of SCREENSHOT_VIEWPORTS) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `test-results/screens/${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
};

const signIn = async (page: Page, email: string) => {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Employee123!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/employee\//, { timeout: 30_000 });
  await ready(page);
};

test('company sign-in: the login page offers it, the mock identity provider signs the picked person in', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  const sso = page.getByRole('button', { name: 'Sign in with Acme SSO' });
  await expect(sso).toBeVisible({ timeout: 30_000 });
  await screenshotApp(page, 'mock-login-sso');
  await sso.click();

  await expect(page).toHaveURL(/\/mock-provider\/sso\/authorize\?/);
  await expect(page.getByRole('heading', { name: 'Acme SSO' })).toBeVisible({ timeout: 30_000 });
  await screenshotProviderPage(page, 'mock-sso-provider');
  await page.getByRole('button', { name: /^Bea Beginner/ }).click();

  // Back at /sso/callback, the server redeemed the code (openid-client, ES256 ID token) and signed Bea in.
  await expect(page).toHaveURL(/\/employee\/dashboard$/, { timeout: 60_000 });
  await ready(page);
  const sessions = await sql<{ email: string }>(
    page,
    "select u.email from refresh_sessions s join users u on u.id = s.user_id where s.sign_in_method = 'sso'",
  );
  expect(sessions.map((row) => row.email)).toEqual(['bea@wellness.test']);

  // QA's switch: the company account as the only way in.
  await page.goto('/?mockSso=only');
  // The dashboard first (a sign-out while its first reads are under way is another story).
  await expect(page.getByText(/Total month: \d+ mins/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in with Acme SSO' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await page.goto('/?mockSso=on');
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible({ timeout: 30_000 });
});

test('Strava: connecting at its page imports its workouts onto the calendar; disconnecting removes them', async ({ page }) => {
  await signIn(page, 'ivan@wellness.test');
  await page.goto('/employee/fitness-services');
  for (const name of ['Strava', 'Fitbit', 'Polar']) await expect(page.getByRole('checkbox', { name })).toBeEnabled({ timeout: 30_000 });
  await screenshotApp(page, 'mock-fitness-services');
  await page.getByRole('checkbox', { name: 'Strava' }).click();

  await expect(page).toHaveURL(/\/mock-provider\/strava-oauth\/oauth\/authorize\?/);
  await expect(page.getByRole('heading', { name: 'Strava' })).toBeVisible({ timeout: 30_000 });
  await screenshotProviderPage(page, 'mock-strava-consent');
  await page.getByRole('button', { name: 'Authorize' }).click();

  await expect(page.getByText('Strava successfully connected')).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/employee\/fitness-services$/);
  // The backfill job read the stand-in's two workouts through the server's Strava client.
  await expect(page.getByText(/2 activities imported/)).toBeVisible({ timeout: 30_000 });
  await screenshotApp(page, 'mock-fitness-services-connected');

  await page.goto('/employee/dashboard');
  const run = page.locator('.wc-activity[title="Running: 42 min"]');
  await expect(run).toHaveCount(1, { timeout: 30_000 });
  await run.click();
  await expect(page.getByRole('dialog', { name: 'Manage activity' }).getByTestId('activity-source')).toHaveText('From Strava');
  await page.keyboard.press('Escape');

  // QA's handle: a workout just recorded at Strava comes by its webhook (the server's route, inbox and job).
  await page.evaluate(() => window.__wellnessMocks!.outside.addWorkout('STRAVA', 25));
  const stravaRows = () =>
    sql<{ n: number }>(
      page,
      "select count(*)::int as n from activities a join users u on u.id = a.user_id where u.email = 'ivan@wellness.test' and a.source = 'strava'",
    );
  await expect.poll(async () => (await stravaRows())[0]!.n, { timeout: 30_000 }).toBe(3);

  await page.goto('/employee/fitness-services');
  await page.getByRole('checkbox', { name: 'Strava' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('checkbox', { name: 'Strava' })).not.toBeChecked();
  await page.goto('/employee/dashboard');
  await expect(page.getByText(/Total month: \d+ mins/)).toBeVisible({ timeout: 30_000 });
  await expect(run).toHaveCount(0);
  expect((await stravaRows())[0]!.n).toBe(0);
});

test("Polar: its signed webhook, created by the server's job in the page, brings a workout uploaded after connecting", async ({ page }) => {
  await signIn(page, 'eli@wellness.test');
  await page.goto('/employee/fitness-services');
  await page.getByRole('checkbox', { name: 'Polar' }).click();
  await expect(page.getByRole('heading', { name: 'Polar Flow' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByText('Polar successfully connected')).toBeVisible({ timeout: 60_000 });
  await ready(page);
  await expect
    .poll(async () => (await sql<{ service: string }>(page, 'select service from tracker_webhooks')).map((row) => row.service), {
      timeout: 30_000,
    })
    .toEqual(['POLAR']);
  await page.evaluate(() => window.__wellnessMocks!.outside.addWorkout('POLAR', 35));
  const polarRuns = () =>
    sql<{ name: string; moving_time: number }>(
      page,
      "select a.name, a.moving_time from activities a join users u on u.id = a.user_id where u.email = 'eli@wellness.test' and a.source = 'polar'",
    );
  await expect.poll(polarRuns, { timeout: 30_000 }).toEqual([{ name: 'Running', moving_time: 35 }]);
});

test("QA's provider switches: Strava refusing a new athlete says so on its page, a Fitbit set-up fault pauses it for the administrator", async ({
  page,
}) => {
  await page.goto('/?mockRefuse=STRAVA&mockNeedsAdmin=FITBIT');
  // The switches are read once mock mode starts in the page.
  await ready(page);
  await signIn(page, 'alex@wellness.test');
  await page.goto('/employee/fitness-services');
  await page.getByRole('checkbox', { name: 'Strava' }).click();
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByRole('alert')).toHaveText('Strava answered 403: Limit of connected athletes exceeded');

  await page.goto('/employee/fitness-services');
  await page.getByRole('checkbox', { name: 'Fitbit' }).click();
  await page.getByRole('button', { name: 'Authorize' }).click();
  // Google refuses the rotated client secret: the employee is told, and nothing is connected.
  await expect(page).toHaveURL(/\/fitbit\?/);
  await expect(page.getByText('Fitbit could not be connected')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Syncing with Fitbit is paused; your administrator has been told')).toBeVisible();
  await screenshotApp(page, 'mock-fitbit-needs-admin');
  expect(
    await sql(page, "select c.service from tracker_connections c join users u on u.id = c.user_id where u.email = 'alex@wellness.test'"),
  ).toEqual([]);

  // Switched off again, Strava lets the athlete in.
  await page.goto('/employee/fitness-services?mockRefuse=off&mockNeedsAdmin=off');
  await ready(page);
  await page.getByRole('checkbox', { name: 'Strava' }).click();
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByText('Strava successfully connected')).toBeVisible({ timeout: 60_000 });
});
