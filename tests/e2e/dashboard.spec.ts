import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, screenshotBoth, signUpThroughApi, uniqueEmail, VIEWPORTS } from './helpers';
import { toIsoDay } from '../../src/domain/days';

// axe-core is injected as an inline script, which the app's CSP (script-src 'self') blocks.
test.use({ bypassCSP: true });

const PASSWORD = 'Dashboard-Run-2026';
const today = toIsoDay(new Date());
const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const todayLabel = dayLabel(today);

const signIn = async (page: Page, email: string) => {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/$/);
};

test('an employee logs, edits and deletes an activity, toggles the star and logs an event', async ({ page, request }) => {
  const email = uniqueEmail('dash');
  await signUpThroughApi(request, { firstName: 'Dana', lastName: 'Dashboard', dateOfBirth: '1991-02-03', gender: 'female', email, password: PASSWORD, levelOfCompetition: 'Intermediate' });
  await signIn(page, email);
  await page.goto('/employee/dashboard');
  await expect(page.getByText('Total month: 0 mins')).toBeVisible();

  // Log an activity on today's empty cell.
  await page.getByRole('button', { name: `Add new activity on ${todayLabel}` }).click();
  const add = page.getByRole('dialog', { name: 'Add new activity' });
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Title is required!')).toBeVisible();
  await add.getByRole('combobox', { name: 'Title' }).click();
  await page.getByRole('option', { name: 'Running' }).click();
  await add.getByLabel('Moving time (minutes)').fill('45');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByText('Total month: 45 mins')).toBeVisible();
  await expect(page.getByText('Total annual: 45 mins')).toBeVisible();

  // Edit it.
  await page.locator('.wc-activity', { hasText: 'Running' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage activity' });
  await manage.getByLabel('Moving time (minutes)').fill('60');
  await manage.getByRole('button', { name: 'Update' }).click();
  await expect(manage).toBeHidden();
  await expect(page.getByText('Total month: 60 mins')).toBeVisible();

  // The star.
  const star = page.getByRole('button', { name: `10,000 steps on ${todayLabel}` });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');

  // Event participation: add, then delete.
  const eventsIcon = page.getByRole('button', { name: `Participated events on ${todayLabel}` });
  await eventsIcon.click();
  const events = page.getByRole('dialog', { name: 'Participated events' });
  await events.getByRole('button', { name: 'Add new event participation' }).click();
  await events.getByRole('textbox', { name: 'Title' }).fill('City 10K');
  await events.getByRole('checkbox').check();
  await events.getByRole('button', { name: 'Save event' }).click();
  await expect(events.getByText('City 10K')).toBeVisible();
  await expect(events.getByRole('img', { name: 'In the top three' })).toBeVisible();
  await expect(eventsIcon).toHaveAttribute('data-filled', 'true');
  await events.getByRole('button', { name: 'Delete event City 10K' }).click();
  await events.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(events.getByText('No event participation on this day yet.')).toBeVisible();
  await expect(eventsIcon).toHaveAttribute('data-filled', 'false');
  await page.keyboard.press('Escape');
  await expect(events).toBeHidden();

  // A filled month for the screenshots: a second activity and an event.
  await eventsIcon.click();
  await events.getByRole('button', { name: 'Add new event participation' }).click();
  await events.getByRole('textbox', { name: 'Title' }).fill('Charity relay');
  await events.getByRole('button', { name: 'Save event' }).click();
  await expect(events.getByText('Charity relay')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `Add new activity on ${todayLabel}` }).click();
  await add.getByRole('combobox', { name: 'Title' }).click();
  await page.getByRole('option', { name: 'Other' }).click();
  await add.getByRole('textbox', { name: 'Other title' }).fill('Kayaking');
  await add.getByLabel('Moving time (minutes)').fill('30');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Total month: 90 mins')).toBeVisible();
  await screenshotBoth(page, 'dashboard');
  await expectAccessible(page);

  // On a phone every action of a day sits behind one tap on its header.
  await page.setViewportSize(VIEWPORTS.phone);
  await page.getByRole('button', { name: `Open ${todayLabel}` }).click();
  const sheet = page.getByRole('dialog', { name: 'Activities list' });
  await expect(sheet.getByRole('button', { name: 'Edit Kayaking' })).toBeVisible();
  await expect(sheet.getByRole('button', { name: `10,000 steps on ${todayLabel}` })).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: 'test-results/screens/dashboard-day-sheet-375.png' });
  await sheet.getByRole('button', { name: 'Edit Kayaking' }).click();

  // Delete from the phone: confirmation first.
  const manageOnPhone = page.getByRole('dialog', { name: 'Manage activity' });
  await manageOnPhone.getByRole('button', { name: 'Delete' }).click();
  await expect(manageOnPhone.getByText('Are you sure you want to delete this activity?')).toBeVisible();
  await manageOnPhone.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(manageOnPhone).toBeHidden();
  await page.setViewportSize(VIEWPORTS.desktop);
  await expect(page.getByText('Total month: 60 mins')).toBeVisible();
  await page.locator('.wc-activity', { hasText: 'Running' }).click();
  await manage.getByRole('button', { name: 'Delete' }).click();
  await manage.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByText('Total month: 0 mins')).toBeVisible();
  await expect(page.getByText('Total annual: 0 mins')).toBeVisible();
});
