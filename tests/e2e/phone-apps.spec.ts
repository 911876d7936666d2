import { expect, test } from '@playwright/test';
import { toIsoDay } from '../../src/domain/days';
import { expectAccessible, screenshotBoth, signInWithForm, signUpThroughApi, uniqueEmail } from './helpers';

/*
 * 'Connect a phone app' end to end (docs/trackers.md#phone-apps) on the real server: the token made in
 * the SPA carries a Health Auto Export push, the workout shows on the calendar as the phone app's,
 * and once revoked on the profile the next push is refused.
 */

// axe-core is injected as an inline script, which the app's CSP (rightly) blocks.
test.use({ bypassCSP: true });

const PASSWORD = 'Phone-Apps-e2e-2026';
const today = toIsoDay(new Date());

/** What Health Auto Export's REST API automation posts (export version 2, minute-grouped steps). */
const healthAutoExport = {
  data: {
    workouts: [{ id: '5C3B1E0A-RUN', name: 'Outdoor Run', start: `${today} 00:01:00 +0000`, end: `${today} 00:36:00 +0000`, duration: 2100, distance: { qty: 6.1, units: 'km' } }],
    metrics: [{ name: 'step_count', units: 'count', data: [{ date: `${today} 00:01:00 +0000`, qty: 10_250, source: 'iPhone' }] }],
  },
};

test('a token made on the profile carries a Health Auto Export push onto the calendar; revoked, the next push is refused', async ({ page, request }) => {
  const email = uniqueEmail('phone');
  await signUpThroughApi(request, { firstName: 'Pat', lastName: 'Phone', dateOfBirth: '1990-05-06', gender: 'other', email, password: PASSWORD, levelOfCompetition: 'Beginner' });
  await signInWithForm(page, email, PASSWORD);
  await page.goto('/employee/profile');
  const section = page.getByRole('region', { name: 'Connect a phone app' });
  await expect(section.getByText('No phone app is connected.')).toBeVisible();
  await section.getByLabel(/App name/).fill('iPhone 15');
  await section.getByRole('button', { name: 'Create token' }).click();
  const panel = section.getByRole('status');
  await expect(panel.getByText('Token for iPhone 15')).toBeVisible();
  const token = (await panel.getByText(/^wci_/).textContent())!;
  expect(token).toMatch(/^wci_/);
  await expectAccessible(page, 'main');
  await screenshotBoth(page, 'profile-phone-app');

  const sent = await request.post('/api/import/health-auto-export', { data: healthAutoExport, headers: { authorization: `Bearer ${token}` } });
  expect(sent.status(), await sent.text()).toBe(200);
  expect(await sent.json()).toMatchObject({ workouts: { added: 1 }, steps: { ticked: [today] } });

  await page.goto('/employee/dashboard');
  await expect(page.getByText('Total month: 35 mins')).toBeVisible();
  await page.locator('.wc-activity', { hasText: 'Running' }).click();
  await expect(page.getByRole('dialog').getByText('From Phone app')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/employee/profile');
  await expect(section.getByText(/^Created .* · last used /)).toBeVisible();
  await section.getByRole('button', { name: 'Revoke iPhone 15' }).click();
  await page.getByRole('dialog', { name: 'Revoke iPhone 15?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(section.getByText('No phone app is connected.')).toBeVisible();
  await screenshotBoth(page, 'profile-phone-app-none');

  const refused = await request.post('/api/import/health-auto-export', { data: healthAutoExport, headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ serverCode: 'IMPORT_TOKEN_REVOKED' });
});
