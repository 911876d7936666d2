import { expect, test, type Page } from '@playwright/test';
import { E2E } from './env';
import { confirmEmail, deleteEmployeesFound, expectAccessible, screenshotBoth, signInWithForm, uniqueEmail } from './helpers';

/** Product rules: Progress charts and overview. The progress charts on the profile page and the admin competition overview. */

const PASSWORD = 'Insights-e2e-Password1';
const today = () => new Date().toISOString().slice(0, 10);
const monthName = () => new Date().toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A new employee through the page's request context (its refresh cookie restores the session). */
const signUpWithActivity = async (page: Page) => {
  const email = uniqueEmail('insights');
  const signup = await page.request.post('/api/auth/signup', {
    multipart: { firstName: 'Ines', lastName: 'Insight', dateOfBirth: '1990-02-03', gender: 'female', email, password: PASSWORD, levelOfCompetition: 'Elite' },
  });
  expect(signup.status()).toBe(201);
  const { accessToken } = (await signup.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const first = `${today().slice(0, 8)}01`;
  for (const [day, minutes] of [[first, 35], [today(), 50]] as const) {
    const logged = await page.request.post('/api/user/activity/log', { headers, data: { name: 'Running', movingTime: minutes, startTime: `${day}T06:00:00.000Z` } });
    expect(logged.status()).toBe(201);
  }
  expect((await page.request.post('/api/user/activity/daily-step-achievement', { headers, data: { date: today() } })).status()).toBe(201);
  // Ranks, competitors and the overview count the leaderboard's people: confirmed addresses (docs/product-rules.md#progress-charts-and-overview).
  await confirmEmail(page.request, email);
  return email;
};

test('an employee sees their year month by month on the profile page; the charts load only there', async ({ page, request }) => {
  const email = await signUpWithActivity(page);
  // Chunks are named by hash only: the chart library is recognised by its code (recharts' SVG class).
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  const chartCode = async () => (await Promise.all(scripts)).filter((code) => code.includes('recharts-surface'));

  await page.goto('/employee/dashboard');
  await expect(page.getByText(/Total month:/)).toBeVisible();
  expect(await chartCode()).toEqual([]);

  await page.getByRole('link', { name: 'Profile' }).click();
  const section = page.getByRole('region', { name: 'My progress' });
  await expect(section.getByRole('img', { name: /Points per month/ })).toBeVisible();
  await expect(section.getByRole('img', { name: /Rank in Elite/ }).locator('svg.recharts-surface')).toBeVisible();
  expect((await chartCode()).length).toBeGreaterThan(0);
  await expectAccessible(page);
  await screenshotBoth(page, 'profile-progress');

  await section.getByText('Table').click();
  const row = section.getByRole('row', { name: new RegExp(monthName()) });
  await expect(row.getByRole('cell').nth(0)).toHaveText('85');
  await expect(row.getByRole('cell').nth(1)).toHaveText('115');
  // Other specs share this server's Elite level this month, so only the shape of the rank is known here (server tests check its value).
  await expect(row.getByRole('cell').nth(2)).toHaveText(/^[1-9]\d* of [1-9]\d*$/);
  await expectAccessible(page);
  await screenshotBoth(page, 'profile-progress-table');

  // Other specs share this server and read the leaderboard: leave no points behind.
  await deleteEmployeesFound(request, email);
});

test('an admin opens the competition overview from the navigation and picks a year', async ({ page, request }) => {
  const email = await signUpWithActivity(page);
  await page.context().clearCookies();
  await signInWithForm(page, E2E.admin.email, E2E.admin.password, /\/admin\/dashboard$/);

  await page.getByRole('link', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/admin\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Competition overview' })).toBeVisible();
  await expect(page.getByText('Employees with a tracker')).toBeVisible();
  await expect(page.getByRole('img', { name: /Minutes per level/ }).locator('svg.recharts-surface')).toBeVisible();
  await expect(page.getByRole('img', { name: /Active employees per month/ })).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, 'admin-overview');

  await page.getByText('Table').click();
  const row = page.getByRole('row', { name: new RegExp(monthName()) });
  await expect(row.getByRole('cell').nth(0)).not.toHaveText('0');
  await screenshotBoth(page, 'admin-overview-table');

  const lastYear = Number(today().slice(0, 4)) - (Number(today().slice(5, 7)) >= 4 ? 1 : 2);
  await page.getByRole('combobox', { name: 'Competition year' }).click();
  await page.getByRole('option', { name: `${lastYear}/${String((lastYear + 1) % 100).padStart(2, '0')}` }).click();
  await expect(page).toHaveURL(new RegExp(`year=${lastYear}`));
  await expect(page.getByText('Employees with a tracker')).toBeVisible();
  await expect(page.getByText('This could not be loaded')).not.toBeVisible();

  // Other specs share this server and read the leaderboard: leave no points behind.
  await deleteEmployeesFound(request, email);
});
