import { expect, test } from '@playwright/test';
import { E2E } from './env';
import { adminHeaders, expectAccessible, screenshotBoth, signInAsAdmin, signUpThroughApi, uniqueEmail, VIEWPORTS } from './helpers';

/** What a new user met on a phone and at a refusal: the login error on the form, the labelled menu and row actions, the audit trail in words. */

test('a wrong password is told on the login form, next to the fields, and read out', async ({ page }) => {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByRole('textbox', { name: 'Email' }).fill(E2E.admin.email);
  await form.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(form.getByRole('alert')).toHaveText('Email or password is incorrect');
  await expectAccessible(page);
  await screenshotBoth(page, 'login-error');
});

test('on a phone the navigation is a labelled Menu and the users cards carry their actions in words', async ({ page, request }) => {
  const email = uniqueEmail('phone');
  const signup = await request.post('/api/auth/signup', {
    multipart: { firstName: 'Pho', lastName: 'Neuser', dateOfBirth: '1993-06-07', gender: 'female', email, password: 'Phone-e2e-Password1', levelOfCompetition: 'Beginner' },
  });
  expect(signup.status()).toBe(201);
  await signInAsAdmin(page);
  await page.setViewportSize(VIEWPORTS.phone);
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(page.getByRole('link', { name: 'Leaders' })).toHaveCount(0);
  const firstCard = page.getByRole('list', { name: 'Users' }).getByRole('listitem').first();
  await expect(firstCard.getByRole('button', { name: /^Reset password of / })).toHaveText('Reset password');
  await expect(firstCard.getByRole('link', { name: /^View workouts of / })).toHaveText('Workouts');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/screens/admin-users-cards-375.png', fullPage: true });

  // By keyboard: open, move, follow.
  await menu.focus();
  await page.keyboard.press('Enter');
  const pages = page.getByRole('menu', { name: 'Menu' });
  await expect(pages.getByRole('menuitem')).toHaveText(['Leaders', 'Teams', 'Users', 'Overview', 'Invitations', 'Audit trail', 'Fitness services']);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/screens/mobile-menu-open-375.png' });
  await pages.getByRole('menuitem', { name: 'Audit trail' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/audit$/);

  // From 769 px up the icon links return, explained by their tooltips.
  await page.setViewportSize(VIEWPORTS.desktop);
  await expect(page.getByRole('link', { name: 'Leaders' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/mobile-menu-open-1280.png' });

  const headers = await adminHeaders(request);
  const { rows } = (await (await request.get(`/api/users?search=${encodeURIComponent(email)}`, { headers })).json()) as { rows: { id: number }[] };
  expect((await request.delete(`/api/users/${rows[0]!.id}`, { headers })).status()).toBe(204);
});

test('one admin edit is one audit entry in words, naming the admin and the employee', async ({ page, request }) => {
  const email = uniqueEmail('audit');
  await signUpThroughApi(request, { firstName: 'Aud', lastName: 'Itee', dateOfBirth: '1991-04-05', gender: 'male', email, password: 'Audit-e2e-Password1', levelOfCompetition: 'Beginner' });
  const headers = await adminHeaders(request);
  const { rows } = (await (await request.get(`/api/users?search=${encodeURIComponent(email)}`, { headers })).json()) as { rows: { id: number }[] };
  const id = rows[0]!.id;
  const edit = await request.put(`/api/users/${id}`, { headers, data: { firstName: 'Audrey', lastName: 'Itee', dateOfBirth: '1991-04-05', gender: 'male', levelOfCompetition: 'Advanced' } });
  expect(edit.status()).toBe(200);

  await signInAsAdmin(page);
  await page.goto(`/admin/audit?subjectId=${id}`);
  const table = page.getByRole('table', { name: 'Audit entries' });
  const updates = table.getByRole('row').filter({ hasText: 'Employee updated' });
  await expect(updates).toHaveCount(1);
  await expect(updates).toContainText('Audrey Itee');
  await expect(updates).toContainText('First name: Aud → Audrey; Level of competition: Beginner → Advanced');
  await expect(table).not.toContainText('Level changed');
  await expect(table).not.toContainText('firstName');
  await expectAccessible(page);
  await screenshotBoth(page, 'audit-trail');
  expect((await request.delete(`/api/users/${id}`, { headers })).status()).toBe(204);
});

test('a header icon link takes the click that lands as the pointer arrives, and its tooltip shows from that first hover', async ({ page }) => {
  await signInAsAdmin(page);
  await page.setViewportSize(VIEWPORTS.desktop);
  const tooltip = (label: string) => page.getByRole('tooltip').filter({ hasText: label });
  // A fresh page: the tooltip's file is not loaded yet. The pointer comes from elsewhere and clicks as it arrives.
  await page.mouse.move(4, 600);
  await page.getByRole('link', { name: 'Leaders' }).click();
  await expect(page).toHaveURL(/\/admin\/leaders$/);
  // The pointer stays on the link: its tooltip shows without the pointer leaving first.
  await expect(tooltip('Leaders')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/nav-tooltip-1280.png' });

  // Away, and onto another icon: that one's tooltip shows, and Escape hides it.
  await page.mouse.move(4, 600);
  await expect(tooltip('Leaders')).toBeHidden();
  await page.getByRole('link', { name: 'Teams' }).hover();
  await expect(tooltip('Teams')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tooltip('Teams')).toBeHidden();
  // And back on the first: it shows again.
  await page.getByRole('link', { name: 'Leaders' }).hover();
  await expect(tooltip('Leaders')).toBeVisible();
});
