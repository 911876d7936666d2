import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { uniqueEmail } from './helpers';
import { toIsoDay } from '../../src/domain/days';

/*
 * A stale tab (docs/security.md#stale-tabs): two tabs of one browser share the refresh cookie. Tab 1
 * holds A's session; in tab 2, A signs out and B signs in, so the cookie is B's. Tab 1's next write
 * gets a 401, and the refresh answers B: the write must not land in B's account. Tab 1 goes to the
 * sign-in screen, keeps A's write on the device and sends it as A once A signs in again.
 */

const PASSWORD = 'Stale-Tab-2026';
const today = toIsoDay(new Date());
const todayLabel = new Date(`${today}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const SWITCHED = 'Someone else signed in on this browser. Sign in again to go on: your unsent changes are kept for you.';

const signUp = async (request: APIRequestContext, firstName: string) => {
  const email = uniqueEmail(firstName.toLowerCase());
  const response = await request.post('/api/auth/signup', {
    multipart: { firstName, lastName: 'Tab', dateOfBirth: '1990-06-07', gender: 'other', email, password: PASSWORD, levelOfCompetition: 'Beginner' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return email;
};

const signIn = async (page: Page, email: string) => {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/employee\/dashboard$/);
};

/** The names and minutes of this month's activities of `email`, as the server holds them (its own sign-in, outside the browser). */
const activitiesOf = async (request: APIRequestContext, email: string) => {
  const signin = await request.post('/api/auth/signin', { data: { email, password: PASSWORD } });
  const { accessToken } = (await signin.json()) as { accessToken: string };
  const month = await request.get(`/api/user/activity?startDate=${today.slice(0, 8)}01&endDate=${today}`, { headers: { authorization: `Bearer ${accessToken}` } });
  return ((await month.json()) as { activities: { name: string; movingTime: number }[] }).activities.map((activity) => [activity.name, activity.movingTime]);
};

test("a tab still showing A never writes as B, who signed in in another tab; A's write waits for A", async ({ context, request }) => {
  const [a, b] = [await signUp(request, 'Avery'), await signUp(request, 'Blake')];
  const first = await context.newPage();
  await first.goto('/');
  await signIn(first, a);
  await expect(first.getByText('Total month: 0 mins')).toBeVisible();
  // A's device store is open (it keeps queued writes for their owner).
  await first.waitForFunction(() => Object.keys(localStorage).some((key) => key.startsWith('wellness.cache.')));

  // Tab 2: the same browser, A signs out, B signs in (the refresh cookie is B's now).
  const second = await context.newPage();
  await second.goto('/');
  await expect(second).toHaveURL(/\/employee\/dashboard$/);
  await second.getByRole('button', { name: 'Sign out' }).click();
  await expect(second.getByRole('button', { name: 'Log in' })).toBeVisible();
  await signIn(second, b);
  await first.waitForTimeout(1500); // every process trusts a checked token for a second

  // Tab 1 still shows A's dashboard and logs an activity.
  await first.getByRole('button', { name: `Add new activity on ${todayLabel}` }).click();
  const add = first.getByRole('dialog', { name: 'Add new activity' });
  await add.getByRole('combobox', { name: 'Title' }).click();
  await first.getByRole('option', { name: 'Running' }).click();
  await add.getByLabel('Moving time (minutes)').fill('45');
  await add.getByRole('button', { name: 'Save' }).click();

  await expect(first.getByText(SWITCHED)).toBeVisible();
  await expect(first.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await activitiesOf(request, b)).toEqual([]);
  expect(await activitiesOf(request, a)).toEqual([]);
  // Tab 2 is still B's.
  await second.reload();
  await expect(second).toHaveURL(/\/employee\/dashboard$/);
  await expect(second.getByText('Total month: 0 mins')).toBeVisible();

  // A signs in again in tab 1: the kept write goes, as A, once.
  await signIn(first, a);
  await expect.poll(() => activitiesOf(request, a), { timeout: 20_000 }).toEqual([['Running', 45]]);
  expect(await activitiesOf(request, b)).toEqual([]);
});
