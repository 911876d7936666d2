import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { E2E } from './env';
import { confirmEmail, expectAccessible, uniqueEmail, VIEWPORTS } from './helpers';
import { toIsoDay } from '../../src/domain/days';

// axe-core is injected as an inline script, which the app's CSP (script-src 'self') blocks.
test.use({ bypassCSP: true });

const PASSWORD = 'Privacy-Please-2026';

/** The privacy section at both widths (light scheme), for people to look at. */
const screenshotSection = async (page: Page, name: string) => {
  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.getByRole('region', { name: 'Your data and account' }).screenshot({ path: `test-results/screens/${name}-${size.width}.png` });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
};

test('an employee downloads their data as a ZIP, then deletes the account: gone from the leaderboard and cannot sign in', async ({ page, request }) => {
  const email = uniqueEmail('pria');
  const signup = await request.post('/api/auth/signup', {
    multipart: { firstName: 'Pria', lastName: 'Vacy', dateOfBirth: '1991-04-04', gender: 'female', email, password: PASSWORD, levelOfCompetition: 'Advanced' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const { accessToken, user } = (await signup.json()) as { accessToken: string; user: { id: number } };
  await confirmEmail(request, email);
  const logged = await request.post('/api/user/activity/log', { headers: { authorization: `Bearer ${accessToken}` }, data: { name: 'Harbour swim', movingTime: 250, startTime: `${toIsoDay(new Date())}T00:00:00.000Z` } });
  expect(logged.status()).toBe(201);
  const topAdvanced = async () => {
    const admin = await request.post('/api/auth/signin', { data: E2E.admin });
    const { accessToken: adminToken } = (await admin.json()) as { accessToken: string };
    const top = await request.get('/api/leaders/top', { headers: { authorization: `Bearer ${adminToken}` } });
    return ((await top.json()) as { Advanced: { userId: number }[] }).Advanced.map((row) => row.userId);
  };
  expect(await topAdvanced()).toContain(user.id);

  await page.goto('/');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(`${E2E.baseUrl}/`);
  await page.goto('/employee/profile');
  const section = page.getByRole('region', { name: 'Your data and account' });
  await expect(section.getByRole('button', { name: 'Download my data' })).toBeVisible();
  await screenshotSection(page, 'profile-privacy');

  // Download my data: prepared by a job, then offered for 24 hours.
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = section.getByRole('button', { name: /^Download \(available until / });
  await expect(download).toBeVisible({ timeout: 20_000 });
  await screenshotSection(page, 'profile-privacy-ready');
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^my-wellness-data-${user.id}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  const entries = unzipSync(new Uint8Array(readFileSync(await file.path())));
  expect(Object.keys(entries)).toEqual(expect.arrayContaining(['README.txt', 'profile.json', 'profile.csv', 'activities.json', 'activities.csv', 'steps.csv', 'events.csv', 'scores-by-year.json', 'tracker-connections.csv', 'audit-entries.json']));
  expect(JSON.parse(strFromU8(entries['profile.json']!))).toMatchObject({ id: user.id, email, firstName: 'Pria' });
  expect(JSON.parse(strFromU8(entries['activities.json']!))).toMatchObject([{ name: 'Harbour swim', movingTime: 250, source: 'manual' }]);

  // Delete my account: the consequences, the password, then signed out for good.
  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  await expect(dialog.getByText('This cannot be undone. Deleting your account:')).toBeVisible();
  await expectAccessible(page);
  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await dialog.screenshot({ path: `test-results/screens/delete-account-dialog-${size.width}.png` });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await dialog.getByLabel('Your password').fill('Not-the-password-1');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('The password is not correct')).toBeVisible();
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();

  expect(await topAdvanced()).not.toContain(user.id);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Email or password is incorrect')).toBeVisible();
  const again = await request.post('/api/auth/signin', { data: { email, password: PASSWORD } });
  expect(again.status()).toBe(401);
});
