import { expect, test, type Page } from '@playwright/test';
import { E2E } from './env';
import { expectAccessible, latestMail, resetLinkFrom, screenshotBoth, uniqueEmail } from './helpers';

const signIn = async (page: Page, email: string, password: string) => {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
};

const signUp = async (page: Page, email: string, password: string) => {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Erika');
  await page.getByLabel('Last name').fill('Mustermann');
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByLabel('Level of competition').selectOption('Intermediate');
  await page.getByRole('form', { name: 'Create new profile' }).getByRole('button', { name: 'Create profile' }).click();
};

test('a guest is sent to the login screen from a private page', async ({ page }) => {
  await page.goto('/employee/dashboard');
  await expect(page).toHaveURL(`${E2E.baseUrl}/`);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, 'login');
});

test('a logged-out page load prints no error in the console and asks for no session; a signed-in reload still restores it', async ({ page }) => {
  const errors: string[] = [];
  const refreshes: number[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('response', (response) => response.url().endsWith('/api/auth/refresh') && refreshes.push(response.status()));
  for (const path of ['/', '/signup', '/employee/dashboard']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: /Log in|Create profile/ }).first()).toBeVisible();
  }
  expect(errors).toEqual([]);
  expect(refreshes).toEqual([]);

  await signIn(page, E2E.admin.email, E2E.admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(refreshes).toEqual([200]);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${E2E.baseUrl}/`);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(refreshes).toEqual([200]);
  expect(errors).toEqual([]);
});

test('signing up lands on the fitness services page, and a reload keeps the session', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByText('Create new profile').first()).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, 'signup');

  await signUp(page, uniqueEmail('erika'), 'Sunrise-Run-2026');
  await expect(page).toHaveURL(/\/employee\/fitness-services$/);
  await screenshotBoth(page, 'fitness-services');

  await page.reload();
  await expect(page).toHaveURL(/\/employee\//);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${E2E.baseUrl}/`);
  await page.goto('/employee/dashboard');
  await expect(page).toHaveURL(`${E2E.baseUrl}/`);
});

test('the admin signs in to the admin dashboard', async ({ page }) => {
  await signIn(page, E2E.admin.email, E2E.admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/employee/dashboard');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await screenshotBoth(page, 'admin-dashboard');
});

test('a wrong password is refused with a readable message', async ({ page }) => {
  await signIn(page, E2E.admin.email, 'not-the-password');
  await expect(page.getByText('Email or password is incorrect').first()).toBeVisible();
  await expect(page).toHaveURL(`${E2E.baseUrl}/`);
});

test('forgot password: the mailed link sets a new password; the old one stops working', async ({ page }) => {
  const email = uniqueEmail('reset');
  const oldPassword = 'Old-Password-2026';
  const newPassword = 'New-Password-2026';
  await signUp(page, email, oldPassword);
  await expect(page).toHaveURL(/\/employee\/fitness-services$/);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${E2E.baseUrl}/`);

  await page.getByText('Forgot password?').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await screenshotBoth(page, 'forgot-password');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Reset password mail has been sent')).toBeVisible();

  const link = resetLinkFrom(await latestMail(email));
  expect(link.startsWith(`${E2E.baseUrl}/reset-password?token=`)).toBe(true);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await expectAccessible(page);
  await screenshotBoth(page, 'reset-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The password has successfully changed')).toBeVisible();
  await expect(page).toHaveURL(`${E2E.baseUrl}/`);

  await signIn(page, email, oldPassword);
  await expect(page.getByText('Email or password is incorrect').first()).toBeVisible();
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/employee\//);
});
