import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, signInWithForm, signUpThroughApi, uniqueEmail } from './helpers';
import { toIsoDay } from '../../src/domain/days';

/*
 * What a person does with the dashboard by mouse and keyboard (docs/product-rules.md#dashboard-and-calendar):
 * typed minutes replace the initial 1; the month grid is one tab stop whose days the arrow keys move
 * between; the focus comes back to what opened a dialog, and stays on a star that was toggled.
 */
const PASSWORD = 'Keyboard-Walk-2026';
const today = toIsoDay(new Date());
const dayLabel = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const todayLabel = dayLabel(today);
const shiftDay = (day: string, days: number) => toIsoDay(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000);
/** The accessible name of the focused element. */
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? document.activeElement?.tagName);

const signUpAndIn = async (page: Page, request: APIRequestContext) => {
  const email = uniqueEmail('keys');
  await signUpThroughApi(request, { firstName: 'Kim', lastName: 'Keys', dateOfBirth: '1992-08-09', gender: 'other', email, password: PASSWORD, levelOfCompetition: 'Advanced' });
  await signInWithForm(page, email, PASSWORD);
  await page.goto('/employee/dashboard');
  // The first visit also installs the service worker (its precache shares the connection): a loaded machine needs a while.
  await expect(page.getByText('Total month: 0 mins')).toBeVisible({ timeout: 30_000 });
};

test("clicking 'Moving time' and typing 45 saves 45 minutes, not 145", async ({ page, request }) => {
  await signUpAndIn(page, request);
  await page.getByRole('button', { name: `Add new activity on ${todayLabel}` }).click();
  const add = page.getByRole('dialog', { name: 'Add new activity' });
  await add.getByRole('combobox', { name: 'Title' }).click();
  await page.getByRole('option', { name: 'Walking' }).click();
  const movingTime = add.getByLabel('Moving time (minutes)');
  await expect(movingTime).toHaveValue('1');
  await movingTime.click();
  await page.keyboard.type('45');
  await expect(movingTime).toHaveValue('45');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByText('Total month: 45 mins')).toBeVisible();
});

test('the month grid is one tab stop, arrows move between days, and dialogs and the star keep the focus', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signUpAndIn(page, request);
  // Only one day's controls are in the tab order.
  const tabbable = await page.locator('.fc [data-date] :is(button, a, [tabindex="0"])').evaluateAll((elements) => elements.filter((element) => (element as HTMLElement).tabIndex === 0).map((element) => element.closest('[data-date]')!.getAttribute('data-date')));
  expect(new Set(tabbable)).toEqual(new Set([today]));

  // From the toolbar, Tab reaches today's star.
  await page.getByRole('button', { name: 'Next month' }).focus();
  for (let presses = 0; presses < 6 && (await focusedName(page)) !== `10,000 steps on ${todayLabel}`; presses += 1) await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe(`10,000 steps on ${todayLabel}`);

  // Arrows move to the same control of another day (a day of this month, not in the future).
  const earlier = [shiftDay(today, -1), shiftDay(today, -7)].filter((day) => day.slice(0, 7) === today.slice(0, 7));
  if (earlier[0]) {
    await page.keyboard.press('ArrowLeft');
    expect(await focusedName(page)).toBe(`10,000 steps on ${dayLabel(earlier[0])}`);
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toBe(`10,000 steps on ${todayLabel}`);
  }
  if (earlier[1]) {
    await page.keyboard.press('ArrowUp');
    expect(await focusedName(page)).toBe(`10,000 steps on ${dayLabel(earlier[1])}`);
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toBe(`10,000 steps on ${todayLabel}`);
  }

  // The star toggles from the keyboard and keeps the focus while it saves and after.
  const star = page.getByRole('button', { name: `10,000 steps on ${todayLabel}` });
  await page.keyboard.press('Space');
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect(star).toBeFocused();

  // Esc gives the focus back to the event icon that opened 'Participated events'.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: `Participated events on ${todayLabel}` })).toBeFocused();
  await page.keyboard.press('Enter');
  const events = page.getByRole('dialog', { name: 'Participated events' });
  await expect(events).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(events).toBeHidden();
  await expect(page.getByRole('button', { name: `Participated events on ${todayLabel}` })).toBeFocused();

  // Save: the day's '+' is drawn anew (the day now has an activity); the focus lands on it.
  await page.keyboard.press('Tab');
  const addButton = page.getByRole('button', { name: `Add new activity on ${todayLabel}` });
  await expect(addButton).toBeFocused();
  await page.keyboard.press('Enter');
  const add = page.getByRole('dialog', { name: 'Add new activity' });
  await add.getByRole('combobox', { name: 'Title' }).click();
  await page.getByRole('option', { name: 'Yoga' }).click();
  await add.getByLabel('Moving time (minutes)').fill('30');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByText('Total month: 30 mins')).toBeVisible();
  await expect(addButton).toBeFocused();
  await expectAccessible(page);
});
