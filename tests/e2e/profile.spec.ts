import { expect, test, type Page } from '@playwright/test';
import { isLevelWindowOpen } from '@/domain/competition';
import { startFakeProvider, type FakeProvider } from '../server/trackers/fake-provider';
import { E2E } from './env';
import { expectAccessible, screenshotBoth, signInWithForm, signUpThroughApi, uniqueEmail } from './helpers';

const PASSWORD = 'Profile-e2e-Password1';

// axe-core is injected as an inline script, which the app's CSP (rightly) blocks.
test.use({ bypassCSP: true });

/** A new employee through the API; the refresh cookie lands in the page's context, so the app restores the session. */
const signUpByApi = async (page: Page, firstName = 'Pia') => {
  const email = uniqueEmail('profile');
  await signUpThroughApi(page.request, { firstName, lastName: 'Profile', dateOfBirth: '1991-03-04', gender: 'female', email, password: PASSWORD, levelOfCompetition: 'Beginner' });
  return email;
};

let strava: FakeProvider;
test.beforeAll(async () => {
  strava = await startFakeProvider(Number(new URL(E2E.fakeTrackerUrl).port));
});
test.afterAll(() => strava.close());
test.beforeEach(() => strava.reset());

test('the profile saves only what changed, keeps it after a reload, and refuses a large photo', async ({ page }) => {
  await signUpByApi(page);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/profile')) sent.push(request.url());
  });
  await page.goto('/employee/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save' });
  await expect(page.getByLabel('First name')).toHaveValue('Pia');
  await expect(save).toBeDisabled();
  const level = page.getByLabel('Level of competition');
  if (isLevelWindowOpen(new Date())) await expect(level).toBeEnabled();
  else {
    await expect(level).toBeDisabled();
    await expect(page.getByText('You can change your level of competition only in the first week of the new year')).toBeVisible();
  }
  await expect(page.getByRole('checkbox', { name: 'Strava' })).toBeEnabled();
  await expect(page.getByRole('checkbox', { name: 'Fitbit' })).toBeEnabled();
  await expect(page.getByRole('checkbox', { name: 'Polar' })).toBeEnabled();
  // Scoped to this screen's own content: the shared theme's filled buttons are judged elsewhere.
  await expectAccessible(page, 'main');
  await screenshotBoth(page, 'profile');

  await page.getByLabel('Last name').fill('Renamed');
  await page.getByLabel('Keep my activity private').check();
  await save.click();
  await expect(page.getByText('Updated successfully')).toBeVisible();
  await expect(save).toBeDisabled();
  expect(sent).toHaveLength(1);
  // Chromium does not expose multipart bodies to Playwright; the client tests check the fields sent.

  await page.reload();
  await expect(page.getByLabel('Last name')).toHaveValue('Renamed');
  await expect(page.getByLabel('Keep my activity private')).toBeChecked();

  await page.locator('input[type="file"]').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(1_000_001, 1) });
  // On the field (a red toast says it too, while it lasts).
  await expect(page.getByRole('form', { name: 'Profile' }).getByText('The size of your photo is more than 1 MB')).toBeVisible();
  await expect(save).toBeDisabled();
});

/** Strava's webhook as Strava calls it (no session): answered at once, applied after the answer. */
const stravaEvent = (page: Page, aspect: 'create' | 'update' | 'delete', id: number) =>
  page.request.post('/api/trackers/strava/webhook', { data: { object_type: 'activity', object_id: id, aspect_type: aspect, owner_id: 4242, subscription_id: 1, event_time: Math.floor(Date.now() / 1000), updates: {} } });

test('Strava: connect through its page (state kept on the server), the backfill, a webhook update, and disconnect removing the imports', async ({ page }) => {
  await signUpByApi(page, 'Sam');
  const start = new Date(Date.now() - 60 * 60 * 1000).toISOString();
  strava.strava.activities = [{ id: 777, name: 'Lunch run', sport_type: 'Run', moving_time: 1800, start_date: start, start_date_local: start }];
  await page.goto('/employee/fitness-services');
  await expect(page.getByRole('heading', { level: 1, name: 'Fitness services' })).toBeVisible();
  // The connector is its own chunk: the page's heading can be there before it.
  await expect(page.locator('section[aria-label="Fitness services"]')).toBeVisible();
  await expectAccessible(page, 'section[aria-label="Fitness services"]');
  await screenshotBoth(page, 'fitness-services');

  // Ticking asks the server for Strava's page, which sends the browser back to /strava with code, state and scope.
  // click(), not check(): the page navigates away before the box could show a new state.
  await page.getByRole('checkbox', { name: 'Strava' }).click();
  await expect(page.getByText('Strava successfully connected')).toBeVisible();
  await expect(page).toHaveURL(`${E2E.baseUrl}/employee/fitness-services`);
  await expect(page.getByRole('checkbox', { name: 'Strava' })).toBeChecked();
  const authorise = strava.requests.find((request) => request.path === '/strava-oauth/oauth/authorize')!;
  expect(Object.fromEntries(authorise.query)).toMatchObject({ client_id: 'strava-id', response_type: 'code', redirect_uri: `${E2E.baseUrl}/strava`, scope: 'activity:read,activity:read_all', approval_prompt: 'force' });
  expect(authorise.query.get('state')).toMatch(/^[A-Za-z0-9_-]{32}$/);
  // The backfill ran on the server; the screen shows its result.
  await expect(page.getByText(/1 activity imported/)).toBeVisible();
  await screenshotBoth(page, 'fitness-services-connected');

  // Edited at Strava (30 -> 40 minutes, now a walk): the webhook brings it in.
  strava.strava.activities = [{ id: 777, name: 'Lunch walk', sport_type: 'Walk', moving_time: 2400, start_date: start, start_date_local: start }];
  expect((await stravaEvent(page, 'update', 777)).status()).toBe(200);
  // The webhook is applied by a job after the answer: a dashboard loaded before it shows the run, so look again until the walk is there.
  await page.goto('/employee/dashboard');
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Walking').first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  await page.goto('/employee/fitness-services');
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText('Your activities are up to date')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Strava' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure you want to disconnect service?')).toBeVisible();
  await expect(dialog.getByText('Activities imported from Strava will be removed.')).toBeVisible();
  await screenshotBoth(page, 'fitness-services-disconnect');
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('checkbox', { name: 'Strava' })).not.toBeChecked();
  expect(strava.requests.some((request) => request.path === '/strava-oauth/oauth/deauthorize')).toBe(true);
  await page.goto('/employee/dashboard');
  await expect(page.getByText('Walking')).toHaveCount(0);
});

test('Fitbit (Google Health): connect with PKCE on the server, the backfill, an edit picked up by Sync now, and disconnect', async ({ page }) => {
  await signUpByApi(page, 'Fay');
  const start = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
  const point = (seconds: number, type: string) => ({
    name: 'users/me/dataTypes/exercise/dataPoints/e2e-1',
    exercise: { interval: { startTime: start, startUtcOffset: '0s' }, exerciseType: type, activeDuration: `${seconds}s`, updateTime: new Date().toISOString() },
  });
  strava.google.exercises = [point(1500, 'YOGA')];
  await page.goto('/employee/fitness-services');
  await page.getByRole('checkbox', { name: 'Fitbit' }).click();
  await expect(page.getByText('Fitbit successfully connected')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Fitbit' })).toBeChecked();
  const authorise = strava.requests.find((request) => request.path === '/google/auth')!;
  expect(Object.fromEntries(authorise.query)).toMatchObject({ client_id: 'google-id', redirect_uri: `${E2E.baseUrl}/fitbit`, code_challenge_method: 'S256', access_type: 'offline', prompt: 'consent' });
  await expect(page.getByText(/1 activity imported/)).toBeVisible();

  strava.google.exercises = [point(2700, 'PILATES')];
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText('Your activities are up to date')).toBeVisible();
  await page.goto('/employee/dashboard');
  await expect(page.getByText('Pilates').first()).toBeVisible();

  await page.goto('/employee/fitness-services');
  await page.getByRole('checkbox', { name: 'Fitbit' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('checkbox', { name: 'Fitbit' })).not.toBeChecked();
  expect(strava.requests.some((request) => request.path === '/google/revoke')).toBe(true);
});

test('one workout from Strava and Fitbit counts once and shows both sources', async ({ page }) => {
  await signUpByApi(page, 'Tess');
  const start = new Date(Date.now() - 3 * 60 * 60 * 1000);
  strava.strava.activities = [{ id: 888, name: 'Morning run', sport_type: 'Run', moving_time: 1800, start_date: start.toISOString(), start_date_local: start.toISOString() }];
  // The watch's record of the same run: a minute later, 29 minutes.
  const twinStart = new Date(start.getTime() + 60_000).toISOString();
  strava.google.exercises = [{ name: 'users/me/dataTypes/exercise/dataPoints/twin', exercise: { interval: { startTime: twinStart, startUtcOffset: '0s' }, exerciseType: 'RUNNING', activeDuration: '1740s' } }];
  await page.goto('/employee/fitness-services');
  await page.getByRole('checkbox', { name: 'Strava' }).click();
  await expect(page.getByText(/1 activity imported/)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Fitbit' }).click();
  await expect(page.getByText('Fitbit successfully connected')).toBeVisible();
  await expect(page.getByText(/Up to date/)).toBeVisible();

  await page.goto('/employee/dashboard');
  await page.getByText('Running').first().click();
  const dialog = page.getByRole('dialog', { name: 'Manage activity' });
  await expect(dialog.getByTestId('activity-source')).toHaveText('From Strava · also recorded by Fitbit');
  await expectAccessible(page, '[role="dialog"]');
  await screenshotBoth(page, 'activity-sources');
  await page.keyboard.press('Escape');
  await expect(page.getByText('Total month: 30 mins')).toBeVisible();
  await expect(page.getByText('Running')).toHaveCount(1);
});

test('a denied authorisation shows why and the way back', async ({ page }) => {
  await signUpByApi(page, 'Dee');
  await page.goto('/strava?error=access_denied');
  await expect(page.getByText('Strava access was not granted.')).toBeVisible();
  await screenshotBoth(page, 'strava-return-denied');
  await page.getByRole('link', { name: 'Go back' }).click();
  await expect(page).toHaveURL(`${E2E.baseUrl}/employee/fitness-services`);
});

test('the admin fitness services panel shows each provider with its connections, last sync, budget and failures', async ({ page }) => {
  await signInWithForm(page, E2E.admin.email, E2E.admin.password, /\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'Fitness services' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fitness services' })).toBeVisible();
  for (const name of ['Strava', 'Fitbit']) {
    const card = page.getByRole('region', { name });
    await expect(card.getByRole('table', { name: `${name} status` })).toContainText('Last successful sync');
    await expect(card.getByText('Failures in the last 24 hours')).toBeVisible();
  }
  await expectAccessible(page, 'main');
  await screenshotBoth(page, 'admin-fitness-services');
});

test('Polar (AccessLink): connect through Polar Flow (Basic client auth, the user registered), an exercise brought by Sync now, and disconnect de-registering', async ({ page }) => {
  await signUpByApi(page, 'Paula');
  await page.goto('/employee/fitness-services');
  await page.getByRole('checkbox', { name: 'Polar' }).click();
  await expect(page.getByText('Polar successfully connected')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Polar' })).toBeChecked();
  const authorise = strava.requests.find((request) => request.path === '/polar-flow/oauth2/authorization')!;
  expect(Object.fromEntries(authorise.query)).toMatchObject({ response_type: 'code', client_id: 'polar-id', redirect_uri: `${E2E.baseUrl}/polar`, scope: 'accesslink.read_all' });
  const token = strava.requests.find((request) => request.path === '/polar-remote/v2/oauth2/token')!;
  expect(token.authorization).toBe(`Basic ${Buffer.from('polar-id:polar-secret').toString('base64')}`);
  expect(strava.polar.registered.has(strava.polar.userId)).toBe(true);

  // Uploaded to Flow after the registration (AccessLink lists only those): a 35-minute walk two hours ago.
  const start = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString().slice(0, 19);
  strava.polar.exercises = [{ id: 'e2e-polar', upload_time: new Date().toISOString(), start_time: start, start_time_utc_offset: 0, duration: 'PT35M', sport: 'WALKING' }];
  await page.getByRole('button', { name: 'Sync now' }).click();
  // Said twice: by the toast and on Polar's line.
  await expect(page.getByText(/1 activity imported/).first()).toBeVisible();
  await page.goto('/employee/dashboard');
  await expect(page.getByText('Walking').first()).toBeVisible();

  await page.goto('/employee/fitness-services');
  await page.getByRole('checkbox', { name: 'Polar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Activities imported from Polar will be removed.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('checkbox', { name: 'Polar' })).not.toBeChecked();
  expect(strava.requests.some((request) => request.method === 'DELETE' && request.path === `/polar-accesslink/v3/users/${strava.polar.userId}`)).toBe(true);
  await page.goto('/employee/dashboard');
  await expect(page.getByText('Walking')).toHaveCount(0);
});
