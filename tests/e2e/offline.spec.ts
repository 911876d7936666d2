import { expect, test } from '@playwright/test';
import { screenshotBoth, signInWithForm, signUpThroughApi, uniqueEmail, waitForServiceWorker } from './helpers';
import { toIsoDay } from '../../src/domain/days';

/*
 * Logging on a train (docs/product-rules.md#offline-logging): the signed-in dashboard reloads without
 * a connection (the service worker serves the app, the device store the month), an activity logged
 * offline shows as pending, and once the connection is back the server holds it exactly once.
 */
test.use({ bypassCSP: true });

const PASSWORD = 'Offline-Train-2026';
const today = toIsoDay(new Date());
const todayLabel = new Date(`${today}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });


test('reloads offline into the dashboard, logs an activity as pending, and sends it once on reconnect', async ({ page, context, request }) => {
  const email = uniqueEmail('offline');
  await signUpThroughApi(request, { firstName: 'Otto', lastName: 'Offline', dateOfBirth: '1990-06-07', gender: 'male', email, password: PASSWORD, levelOfCompetition: 'Beginner' });

  await signInWithForm(page, email, PASSWORD, /\/employee\/dashboard$/);
  await expect(page.getByText('Total month: 0 mins')).toBeVisible();
  await waitForServiceWorker(page);
  // The month is kept on the device, under this employee's key.
  await page.waitForFunction(() => Object.keys(localStorage).some((key) => key.startsWith('wellness.cache.') && localStorage.getItem(key)!.includes('"month"')));

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(page.getByText('Total month: 0 mins')).toBeVisible();

  await page.getByRole('button', { name: `Add new activity on ${todayLabel}` }).click();
  const add = page.getByRole('dialog', { name: 'Add new activity' });
  await add.getByRole('combobox', { name: 'Title' }).click();
  await page.getByRole('option', { name: 'Running' }).click();
  await add.getByLabel('Moving time (minutes)').fill('45');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  const entry = page.locator('.wc-activity', { hasText: 'Running' });
  await expect(entry).toContainText('Pending');
  await expect(page.getByRole('region', { name: 'Waiting to be sent' })).toContainText('Pending: New activity: Running, 45 min');
  await screenshotBoth(page, 'offline-pending');

  await context.setOffline(false);
  await expect(page.getByText('You are offline')).toBeHidden();
  await expect(page.getByRole('region', { name: 'Waiting to be sent' })).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText('Total month: 45 mins')).toBeVisible();
  await expect(entry).not.toContainText('Pending');

  const signin = await request.post('/api/auth/signin', { data: { email, password: PASSWORD } });
  const { accessToken } = (await signin.json()) as { accessToken: string };
  const month = await request.get(`/api/user/activity?startDate=${today.slice(0, 8)}01&endDate=${today}`, { headers: { authorization: `Bearer ${accessToken}` } });
  const body = (await month.json()) as { activities: { name: string; movingTime: number }[] };
  expect(body.activities.map((activity) => [activity.name, activity.movingTime])).toEqual([['Running', 45]]);
});

test('offline right after the first sign-in: the page is taken over by the worker, the form opens and a reload comes back into the app', async ({ page, context, request }) => {
  const email = uniqueEmail('early');
  await signUpThroughApi(request, { firstName: 'Erin', lastName: 'Early', dateOfBirth: '1993-01-02', gender: 'female', email, password: PASSWORD, levelOfCompetition: 'Beginner' });

  // A first visit: nothing of the app is on the device yet. The worker installs from the login
  // page's load and takes over this page, loaded before it existed. Its precache fetches one file at
  // a time (about a second on a quiet machine, several on a loaded one), and a precache cut by the
  // lost connection cannot finish: so the connection goes as soon as the worker holds the app, and
  // the form, never opened online, must come from it.
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Total month: 0 mins')).toBeVisible();
  await waitForServiceWorker(page);
  await context.setOffline(true);

  await page.getByRole('button', { name: `Add new activity on ${todayLabel}` }).click();
  const add = page.getByRole('dialog', { name: 'Add new activity' });
  await expect(add.getByLabel('Moving time (minutes)')).toHaveValue('1');
  await page.keyboard.press('Escape');
  await expect(add).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(page.getByText('Total month: 0 mins')).toBeVisible();
  await context.setOffline(false);
});

test.describe('before the service worker holds the app', () => {
  // The worker's precache would answer from the device; this is the moment before it is complete
  // (it fetches one file at a time), so the page must already have what its dialogs need.
  test.use({ serviceWorkers: 'block' });

  test("offline as soon as 'Total month' shows on the first visit: 'Add new activity' still opens its form", async ({ page, context, request }) => {
    const email = uniqueEmail('soon');
    await signUpThroughApi(request, { firstName: 'Sonja', lastName: 'Soon', dateOfBirth: '1991-03-04', gender: 'female', email, password: PASSWORD, levelOfCompetition: 'Beginner' });

    await signInWithForm(page, email, PASSWORD, /\/employee\/dashboard$/);
    await expect(page.getByText('Total month: 0 mins')).toBeVisible();
    // What the dashboard fetches right after its first paint (never the form itself: nobody opened it).
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);

    await page.getByRole('button', { name: `Add new activity on ${todayLabel}` }).click();
    const add = page.getByRole('dialog', { name: 'Add new activity' });
    await expect(add.getByRole('combobox', { name: 'Title' })).toBeVisible();
    await expect(add.getByLabel('Moving time (minutes)')).toHaveValue('1');
    await expect(add.getByRole('button', { name: 'Save' })).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(add).toBeHidden();
    await context.setOffline(false);
  });
});
