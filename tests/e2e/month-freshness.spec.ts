import { expect, test } from '@playwright/test';
import { signInWithForm, signUpThroughApi, uniqueEmail } from './helpers';
import { toIsoDay } from '../../src/domain/days';

/*
 * The month kept on the device for offline use is shown at once but read again online
 * (docs/product-rules.md#dashboard-and-calendar): a reload a moment after a visit shows what was
 * logged elsewhere (another device, a tracker import).
 */
const PASSWORD = 'Fresh-Month-2026';

test('a reload within seconds shows activities added through the API since the last visit', async ({ page, request }) => {
  const email = uniqueEmail('fresh');
  await signUpThroughApi(request, { firstName: 'Fran', lastName: 'Fresh', dateOfBirth: '1989-04-05', gender: 'female', email, password: PASSWORD, levelOfCompetition: 'Beginner' });
  await signInWithForm(page, email, PASSWORD);
  await page.goto('/employee/dashboard');
  await expect(page.getByText('Total month: 0 mins')).toBeVisible();
  // The month is kept on the device.
  await page.waitForFunction(() => Object.keys(localStorage).some((key) => key.startsWith('wellness.cache.') && localStorage.getItem(key)!.includes('"month"')));

  const signin = await request.post('/api/auth/signin', { data: { email, password: PASSWORD } });
  const { accessToken } = (await signin.json()) as { accessToken: string };
  for (const [name, movingTime] of [['Cycling', 40], ['Yoga', 20]] as const) {
    const logged = await request.post('/api/user/activity/log', { headers: { authorization: `Bearer ${accessToken}` }, data: { name, movingTime, startTime: `${toIsoDay(new Date())}T00:00:00.000Z` } });
    expect(logged.status()).toBe(201);
  }

  await page.reload();
  await expect(page.getByText('Total month: 60 mins')).toBeVisible({ timeout: 5_000 });
  await expect(page.locator('.wc-activity', { hasText: 'Cycling' })).toBeVisible();
  await expect(page.locator('.wc-activity', { hasText: 'Yoga' })).toBeVisible();
});
