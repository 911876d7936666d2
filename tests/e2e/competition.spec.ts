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

/**
 * Letters that tell this run's people from those of other specs and of a retry (names take letters
 * only): the checks below find them by name on a server every spec shares.
 */
const runTag = () => [...Date.now().toString(36).slice(-5)].map((c) => String.fromCharCode(97 + (parseInt(c, 36) % 26))).join('');

test('leaderboard, feed and admin leaders follow what employees log', async ({ page, request }) => {
  const tag = runTag();
  // The tag (five letters) sits within the first ten letters of the first name, so its cut form
  // ('Max' + tag + 'im...') is this run's own.
  const maxFirst = `Max${tag}imilianus`;
  const maximilian = await signUpEmployee(request, maxFirst, 'Wolfeschlegelstein', 'Beginner');
  const nora = await signUpEmployee(request, 'Nora', `Quick${tag}`, 'Beginner');
  const omar = await signUpEmployee(request, 'Omar', `Strong${tag}`, 'Elite');
  // More minutes than any other spec logs, so these people are in their level's top ten whatever
  // ran before (the board shows ten a level).
  await logActivity(request, maximilian.accessToken, 'Running', 950);
  await logActivity(request, nora.accessToken, 'Yoga', 900);
  await logActivity(request, omar.accessToken, 'Cycling', 1200);
  const steps = await request.post('/api/user/activity/daily-step-achievement', { headers: { authorization: `Bearer ${nora.accessToken}` }, data: { date: today() } });
  expect(steps.status()).toBe(201);

  // The employee's leaderboard: cut names, own row marked.
  await signIn(page, nora.email, PASSWORD);
  await page.goto('/leaderboard');
  const beginner = page.getByRole('region', { name: 'Beginner' });
  await expect(beginner.getByText(`Max${tag}im... Wolfeschle...`)).toBeVisible();
  await expect(beginner.locator('[aria-current="true"]')).toContainText(`Nora Quick${tag}`);
  await expect(beginner.locator('[aria-current="true"]')).toContainText('930 points');
  await expectAccessible(page);
  await screenshotBoth(page, 'leaderboard');

  // The feed: colleagues' entries and bonuses (privacy is covered by the server and contract tests).
  await page.goto('/employee/activity-feed');
  await expect(page.getByRole('heading', { name: 'Recent users activities' })).toBeVisible();
  // Other specs share this server: look at these three employees' entries only.
  const entryOf = (name: string) => page.getByTestId('feed-entry').filter({ hasText: name });
  await expect(entryOf(`Omar Strong${tag}`).filter({ hasText: 'Cycling' })).toBeVisible();
  await expect(entryOf(`Nora Quick${tag}`).filter({ hasText: '10,000 step bonus' })).toBeVisible();
  await expect(entryOf(`${maxFirst} Wolfeschlegelstein`).filter({ hasText: '950m' })).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, 'activity-feed');
  await page.getByRole('button', { name: 'Sign out' }).click();

  // The admin: leaders table with filters, and the leaderboard's year choice.
  await signIn(page, E2E.admin.email, E2E.admin.password);
  await page.goto('/admin/leaders');
  const table = page.getByRole('table', { name: 'Leaders' });
  await expect(table.getByRole('row').filter({ hasText: omar.email })).toContainText('1,200');
  await page.getByRole('combobox', { name: 'Level of competition' }).click();
  await page.getByRole('option', { name: 'Beginner' }).click();
  await expect(table.getByRole('row').filter({ hasText: maximilian.email })).toContainText('950');
  await expect(table).not.toContainText('Omar');
  await expectAccessible(page);
  await screenshotBoth(page, 'admin-leaders');

  await page.goto('/leaderboard');
  await expect(page.getByRole('combobox', { name: 'Competition year' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Elite' })).toContainText('1,200 points');
  await screenshotBoth(page, 'leaderboard-admin');
  // An empty column says so: the oldest year offered (the list runs newest first), which no spec
  // logs in (the current year's levels fill up with other specs' people on this shared server).
  await page.getByRole('combobox', { name: 'Competition year' }).click();
  await page.getByRole('option').last().click();
  await expect(page.getByRole('region', { name: 'Intermediate' }).getByText('There are no leaders yet')).toBeVisible();
});
