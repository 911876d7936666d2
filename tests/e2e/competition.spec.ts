import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E } from './env';
import { confirmEmail, expectAccessible, screenshotBoth, uniqueEmail } from './helpers';
import { toIsoDay } from '../../src/domain/days';

// axe-core is injected as an inline script, which the app's CSP (script-src 'self') blocks.
test.use({ bypassCSP: true });

const PASSWORD = 'Leaderboard-Run-2026';
const today = () => toIsoDay(new Date());

/** Signs an employee up through the API and returns the access token. */
const signUpEmployee = async (request: APIRequestContext, firstName: string, lastName: string, level: string) => {
  const email = uniqueEmail(firstName.toLowerCase());
  const response = await request.post('/api/auth/signup', {
    multipart: { firstName, lastName, dateOfBirth: '1990-01-01', gender: 'other', email, password: PASSWORD, levelOfCompetition: level },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { accessToken, user } = (await response.json()) as { accessToken: string; user: { id: number } };
  await confirmEmail(request, email);
  return { email, accessToken, id: user.id };
};

const logActivity = async (request: APIRequestContext, token: string, name: string, movingTime: number) => {
  const response = await request.post('/api/user/activity/log', { headers: { authorization: `Bearer ${token}` }, data: { name, movingTime, startTime: `${today()}T00:00:00.000Z` } });
  expect(response.status(), await response.text()).toBe(201);
};

const signIn = async (page: Page, email: string, password: string) => {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(`${E2E.baseUrl}/`);
};

test('leaderboard, feed and admin leaders follow what employees log', async ({ page, request }) => {
  const maximilian = await signUpEmployee(request, 'Maximilianus', 'Wolfeschlegelstein', 'Beginner');
  const nora = await signUpEmployee(request, 'Nora', 'Quick', 'Beginner');
  const omar = await signUpEmployee(request, 'Omar', 'Strong', 'Elite');
  await logActivity(request, maximilian.accessToken, 'Running', 95);
  await logActivity(request, nora.accessToken, 'Yoga', 40);
  await logActivity(request, omar.accessToken, 'Cycling', 120);
  const steps = await request.post('/api/user/activity/daily-step-achievement', { headers: { authorization: `Bearer ${nora.accessToken}` }, data: { date: today() } });
  expect(steps.status()).toBe(201);

  // The employee's leaderboard: cut names, own row marked, empty-column text.
  await signIn(page, nora.email, PASSWORD);
  await page.goto('/leaderboard');
  const beginner = page.getByRole('region', { name: 'Beginner' });
  await expect(beginner.getByText('Maximilian... Wolfeschle...')).toBeVisible();
  await expect(beginner.locator('[aria-current="true"]')).toContainText('Nora Quick');
  await expect(beginner.locator('[aria-current="true"]')).toContainText('70 points');
  await expect(page.getByRole('region', { name: 'Intermediate' }).getByText('There are no leaders yet')).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, 'leaderboard');

  // The feed: colleagues' entries and bonuses (privacy is covered by the server and contract tests).
  await page.goto('/employee/activity-feed');
  await expect(page.getByRole('heading', { name: 'Recent users activities' })).toBeVisible();
  // Other specs share this server: look at these three employees' entries only.
  const entryOf = (name: string) => page.getByTestId('feed-entry').filter({ hasText: name });
  await expect(entryOf('Omar Strong').filter({ hasText: 'Cycling' })).toBeVisible();
  await expect(entryOf('Nora Quick').filter({ hasText: '10,000 step bonus' })).toBeVisible();
  await expect(entryOf('Maximilianus Wolfeschlegelstein').filter({ hasText: '95m' })).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, 'activity-feed');
  await page.getByRole('button', { name: 'Sign out' }).click();

  // The admin: leaders table with filters, and the leaderboard's year choice.
  await signIn(page, E2E.admin.email, E2E.admin.password);
  await page.goto('/admin/leaders');
  const table = page.getByRole('table', { name: 'Leaders' });
  await expect(table.getByRole('row').filter({ hasText: omar.email })).toContainText('120');
  await page.getByRole('combobox', { name: 'Level of competition' }).click();
  await page.getByRole('option', { name: 'Beginner' }).click();
  await expect(table.getByRole('row').filter({ hasText: maximilian.email })).toContainText('95');
  await expect(table).not.toContainText('Omar');
  await expectAccessible(page);
  await screenshotBoth(page, 'admin-leaders');

  await page.goto('/leaderboard');
  await expect(page.getByRole('combobox', { name: 'Competition year' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Elite' })).toContainText('120 points');
  await screenshotBoth(page, 'leaderboard-admin');
});
