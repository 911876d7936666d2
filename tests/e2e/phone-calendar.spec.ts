import { expect, test } from '@playwright/test';
import { screenshotBoth, signInWithForm, signUpThroughApi, uniqueEmail, VIEWPORTS, waitForServiceWorker } from './helpers';
import { toIsoDay } from '../../src/domain/days';

/*
 * The calendar on a phone (docs/product-rules.md#dashboard-and-calendar): an entry shows its title
 * above its minutes, a queued entry its state in full, and the day sheet names its star and event
 * buttons in words (a touch screen shows no tooltips).
 */
const PASSWORD = 'Phone-Calendar-2026';
const today = toIsoDay(new Date());
const todayLabel = new Date(`${today}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

test('on a phone the entries read as titles with minutes, the day sheet has words, and a pending entry is not cut', async ({ page, context, request }) => {
  const email = uniqueEmail('phone');
  await signUpThroughApi(request, { firstName: 'Pia', lastName: 'Phone', dateOfBirth: '1994-03-04', gender: 'female', email, password: PASSWORD, levelOfCompetition: 'Beginner' });
  const signin = await request.post('/api/auth/signin', { data: { email, password: PASSWORD } });
  const { accessToken } = (await signin.json()) as { accessToken: string };
  const logged = await request.post('/api/user/activity/log', { headers: { authorization: `Bearer ${accessToken}` }, data: { name: 'Running', movingTime: 35, startTime: `${today}T00:00:00.000Z` } });
  expect(logged.status()).toBe(201);

  await page.setViewportSize(VIEWPORTS.phone);
  await signInWithForm(page, email, PASSWORD);
  await page.goto('/employee/dashboard');
  const entry = page.locator('.wc-activity', { hasText: 'Running' });
  await expect(entry.locator('.wc-activity-title')).toBeVisible();
  await expect(entry.locator('.wc-activity-minutes')).toHaveText('35m');

  await page.getByRole('button', { name: `Open ${todayLabel}` }).click();
  const sheet = page.getByRole('dialog', { name: 'Activities list' });
  await expect(sheet.getByRole('button', { name: `10,000 steps on ${todayLabel}` })).toHaveText('10,000 steps');
  await expect(sheet.getByRole('button', { name: `Participated events on ${todayLabel}` })).toHaveText('Participated events');
  await page.screenshot({ path: 'test-results/screens/phone-day-sheet-375.png' });
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // Offline, a second entry waits: its state is in words, whole. The form comes from the precache
  // (going offline before it is complete is offline.spec.ts's case).
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.getByRole('button', { name: `Open ${todayLabel}` }).click();
  await sheet.getByRole('button', { name: 'Add new activity' }).click();
  const add = page.getByRole('dialog', { name: 'Add new activity' });
  await add.getByRole('combobox', { name: 'Title' }).click();
  await page.getByRole('option', { name: 'Yoga' }).click();
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  const state = page.locator('.wc-activity', { hasText: 'Yoga' }).locator('.wc-activity-state');
  await expect(state).toHaveText('Pending');
  expect(await state.evaluate((element) => element.scrollWidth <= element.clientWidth && getComputedStyle(element).textTransform === 'none')).toBe(true);
  await screenshotBoth(page, 'phone-calendar');
  await context.setOffline(false);
});
