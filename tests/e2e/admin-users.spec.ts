import { expect, test, type APIRequestContext } from '@playwright/test';
import { VIEWPORTS, deleteEmployeesFound, expectAccessible, screenshotBoth, signInAsAdmin, uniqueEmail } from './helpers';
import { toIsoDay } from '../../src/domain/days';

// axe-core is injected as an inline script, which the app's CSP (script-src 'self') blocks.
test.use({ bypassCSP: true });

const PASSWORD = 'Admin-Users-Run-2026';
const today = () => toIsoDay(new Date());

/** Signs an employee up through the API; returns their e-mail, access token and id. */
const signUpEmployee = async (request: APIRequestContext, firstName: string, lastName: string) => {
  const email = uniqueEmail(firstName.toLowerCase().normalize('NFD').replace(/[^a-z]/g, ''));
  const response = await request.post('/api/auth/signup', {
    multipart: {
      firstName,
      lastName,
      dateOfBirth: '1991-06-15',
      gender: 'female',
      email,
      password: PASSWORD,
      levelOfCompetition: 'Intermediate',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { accessToken, user } = (await response.json()) as { accessToken: string; user: { id: number } };
  return { email, accessToken, id: user.id };
};

const post = async (request: APIRequestContext, token: string, path: string, data: unknown) => {
  const response = await request.post(path, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.status(), await response.text()).toBe(201);
};

test('an admin manages employees: bonus, update, reset mail, workouts and delete', async ({ page, request }) => {
  // Five screens in a row, each checked by axe in both schemes: 30 s alone, 102 s beside mock mode's
  // suite on 2 cores (2026-12-07), too near the 120 s that fits one screen's scenario.
  test.setTimeout(200_000);
  // Last names starting with 'Aa' keep both on the first page whatever else the database holds.
  const hanna = await signUpEmployee(request, 'Hanna', 'Aalto');
  const tomas = await signUpEmployee(request, 'Tomas', 'Aaberg');
  await post(request, hanna.accessToken, '/api/user/activity/log', {
    name: 'Cycling',
    movingTime: 42,
    startTime: `${today()}T06:00:00.000Z`,
  });
  await post(request, hanna.accessToken, '/api/user/activity/daily-step-achievement', { date: today() });
  await post(request, hanna.accessToken, '/api/user/activity/log-event-participation', {
    name: 'Autumn 10K',
    isInTheTopThree: true,
    date: today(),
  });

  await signInAsAdmin(page);
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('cell', { name: hanna.email })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /\d{4} Quarterly Bonus/ })).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, 'admin-users');
  // Each action is found in its person's row (by e-mail): a retry's new Hanna meets the first try's.
  const hannaRow = table.getByRole('row').filter({ hasText: hanna.email });
  const tomasRow = table.getByRole('row').filter({ hasText: tomas.email });

  // Quarterly bonus: the flag is saved and stays after a reload.
  await hannaRow.getByRole('checkbox', { name: 'Q1 bonus for Hanna Aalto' }).click();
  const award = page.getByRole('dialog', { name: 'Award the quarterly bonus?' });
  await expect(award).toContainText('It adds 250 points to their annual points');
  await screenshotBoth(page, 'admin-bonus-confirm');
  await award.getByRole('button', { name: 'Award 250 points' }).click();
  await expect(page.getByText('Updated successfully')).toBeVisible();
  await page.reload();
  await expect(hannaRow.getByRole('checkbox', { name: 'Q1 bonus for Hanna Aalto' })).toBeChecked();

  // Update user.
  await hannaRow.getByRole('button', { name: 'Update Hanna Aalto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update user' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('First name').fill('');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog.getByText('Please enter your first name')).toBeVisible();
  await screenshotBoth(page, 'admin-users-update');
  await dialog.getByLabel('First name').fill('Johanna');
  await dialog.getByLabel('Level of competition').selectOption('Advanced');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toBeHidden();
  await expect(hannaRow.getByRole('cell', { name: 'Johanna', exact: true })).toBeVisible();
  await expect(hannaRow.getByRole('cell', { name: 'Advanced', exact: true })).toBeVisible();

  // Reset password by e-mail, after the confirmation naming the person and the address.
  await hannaRow.getByRole('button', { name: 'Reset password of Johanna Aalto' }).click();
  const resetDialog = page.getByRole('dialog', { name: 'Send reset password mail' });
  await expect(resetDialog).toContainText(hanna.email);
  await expectAccessible(page);
  await resetDialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Reset password mail has been sent')).toBeVisible();

  // Workouts.
  await hannaRow.getByRole('link', { name: 'View workouts of Johanna Aalto' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+\/workouts$/);
  await expect(page.getByText('Johanna Aalto')).toBeVisible();
  const activities = page.getByRole('table', { name: 'Activities' });
  await expect(activities.getByRole('row').nth(1)).toContainText(`Cycling42 minutes${today()}`);
  await expectAccessible(page);
  await screenshotBoth(page, 'admin-user-workouts');
  await page.getByRole('tab', { name: 'Achievements' }).click();
  await expect(page.getByRole('table', { name: 'Achievements' }).getByRole('row').nth(1)).toContainText(`${today()}Yes`);
  await page.getByRole('tab', { name: 'Events participation' }).click();
  await expect(page.getByRole('table', { name: 'Events participation' }).getByRole('row').nth(1)).toContainText(`Autumn 10K${today()}Yes`);
  await screenshotBoth(page, 'admin-user-events');

  // Delete, after the confirmation.
  await page.getByRole('link', { name: 'Back to users' }).click();
  await tomasRow.getByRole('button', { name: 'Delete Tomas Aaberg' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete user' });
  await expect(confirm).toContainText('Are you sure you want to delete Tomas Aaberg');
  await screenshotBoth(page, 'admin-users-delete');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted successfully')).toBeVisible();
  await expect(table.getByRole('cell', { name: tomas.email })).toBeHidden();
  const signin = await request.post('/api/auth/signin', { data: { email: tomas.email, password: PASSWORD } });
  expect(signin.status()).toBe(401);
});

test('an admin finds an employee by search, filters by level, sorts, and the URL keeps the view', async ({ page, request }) => {
  // A retry meets the first try's Zoë: she goes first, so the search below finds one person.
  await deleteEmployeesFound(request, 'Zoë Ångström');
  const zoe = await signUpEmployee(request, 'Zoë', 'Ångström');
  await signUpEmployee(request, 'Ziggy', 'Zebedee');
  await signInAsAdmin(page);
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table).toBeVisible();

  // '/' focuses the search; accents and case do not matter, and a word start is enough.
  await page.keyboard.press('/');
  await expect(page.getByRole('textbox', { name: 'Search employees' })).toBeFocused();
  await page.keyboard.type('ZOE ANG');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: zoe.email })).toBeVisible();
  // The URL takes the search after a pause in typing.
  await expect(page).toHaveURL(/search=[^&]*ZOE(%20|\+)ANG/);
  await expect(page.getByText('1 employee', { exact: true })).toBeVisible();

  // A reload shows the same view.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Search employees' })).toHaveValue('ZOE ANG');
  await expect(table.getByRole('cell', { name: zoe.email })).toBeVisible();

  // Nothing matches: the screen says so.
  await page.getByRole('textbox', { name: 'Search employees' }).fill('no-such-person-xyz');
  await expect(page.getByText('No employees match your search')).toBeVisible();

  // Sorting by e-mail, descending, from the header; the URL keeps it.
  await page.getByRole('button', { name: 'Clear search' }).click();
  const emailHeader = table.getByRole('columnheader', { name: /Email/ });
  await emailHeader.getByRole('button', { name: 'Sort by Email' }).click();
  await emailHeader.getByRole('button', { name: 'Sort by Email' }).click();
  await expect(emailHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=%22email%22|sort=email/);
  await expect(page).toHaveURL(/order=%22desc%22|order=desc/);
  await expectAccessible(page);
  await screenshotBoth(page, 'admin-users-search');

  // Back and forward walk the views: the order, then the cleared search, then the last search typed
  // (typing replaces one history entry instead of adding one per key).
  const search = page.getByRole('textbox', { name: 'Search employees' });
  await page.goBack();
  await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
  await page.goBack();
  await page.goBack();
  await expect(search).toHaveValue('no-such-person-xyz');
  await expect(page.getByText('No employees match your search')).toBeVisible();
  await expect(page.getByText('0 employees', { exact: true })).toBeVisible();
  await page.goForward();
  await expect(search).toHaveValue('');
  await page.goForward();
  await page.goForward();
  await expect(emailHeader).toHaveAttribute('aria-sort', 'descending');

  // The count follows the level filter; the results are reachable by Tab from the search box.
  await search.fill('zoe ang');
  await expect(page.getByText('1 employee', { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Level of competition' }).click();
  await page.getByRole('option', { name: 'Elite' }).click();
  await expect(page.getByText('0 employees', { exact: true })).toBeVisible();
  await expect(page.getByText('No employees match your search')).toBeVisible();
  await page.getByRole('combobox', { name: 'Level of competition' }).click();
  await page.getByRole('option', { name: 'Intermediate' }).click();
  await expect(page.getByText('1 employee', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/level=%22Intermediate%22|level=Intermediate/);
  const tabUntilResults = async (within: string) => {
    await search.focus();
    for (let presses = 0; presses < 20; presses += 1) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((selector) => Boolean(document.activeElement?.closest(selector)), within)) return true;
    }
    return false;
  };
  expect(await tabUntilResults('tbody')).toBe(true);
  await expect(page.locator('tbody :focus')).toBeVisible();

  // On a phone the results are cards, reachable by Tab as well.
  await page.setViewportSize(VIEWPORTS.phone);
  const cards = page.getByRole('list', { name: 'Users' });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  expect(await tabUntilResults('ul[aria-label="Users"] li')).toBe(true);
  await page.setViewportSize(VIEWPORTS.desktop);

  // The admin leaders list searches by name too, and keeps the search in the URL.
  await page.goto('/admin/leaders');
  const leadersSearch = page.getByRole('textbox', { name: 'Search by name' });
  await leadersSearch.fill('ZOE');
  await expect(page.getByRole('cell', { name: 'Ångström' })).toBeVisible();
  await expect(page).toHaveURL(/search=/);
  await screenshotBoth(page, 'admin-leaders-search');
  await leadersSearch.fill('no-such-person-xyz');
  await expect(page.getByText('No users match these filters')).toBeVisible();
});

test('an admin action appears in the audit trail, which can be downloaded', async ({ page, request }) => {
  // A retry meets the first try's Olga (her clean-up below did not run): her row is found by e-mail.
  const olga = await signUpEmployee(request, 'Olga', 'Aaltonen');
  await signInAsAdmin(page);
  await page.getByRole('textbox', { name: 'Search employees' }).fill(olga.email);
  const row = page.getByRole('row').filter({ hasText: olga.email });
  await row.getByRole('checkbox', { name: /Q2/ }).click();
  await page.getByRole('dialog', { name: 'Award the quarterly bonus?' }).getByRole('button', { name: /^Award / }).click();
  await expect(row.getByRole('checkbox', { name: /Q2/ })).toBeChecked();

  await page.getByRole('link', { name: 'Audit trail' }).click();
  await expect(page).toHaveURL(/\/admin\/audit/);
  // Her entries only: the other worker's employees (and a first try's Olga) are audited meanwhile.
  await page.goto(`/admin/audit?subjectId=${olga.id}`);
  const entries = page.getByRole('table', { name: 'Audit entries' });
  await expect(entries.getByRole('row').nth(1)).toContainText('Quarterly bonus changed');
  await expect(entries.getByRole('row').nth(1)).toContainText('Olga Aaltonen');
  await expect(entries.getByRole('row').nth(1)).toContainText('Second quarter bonus: no → yes');
  await expect(entries.getByRole('row').nth(1)).not.toContainText('secondQuarter');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^audit-all-\d{4}-\d{2}-\d{2}\.csv$/);
  await expectAccessible(page);
  await screenshotBoth(page, 'admin-audit');

  // Other specs share this server and read the leaderboard: leave no points behind.
  await deleteEmployeesFound(request, olga.email);
});

test("on a phone the admin's workouts table says that more columns are a swipe away, until the last one is in view", async ({ page, request }) => {
  const ines = await signUpEmployee(request, 'Inês', 'Aaltonen-Sideways');
  // A title of one long word (an 'Other' activity, as a German speaker names it) does not wrap: with the
  // spec's four columns a short title fits a 375 px screen, and then rightly no hint shows.
  const title = 'Wettkampfvorbereitungsschwimmtraining';
  await post(request, ines.accessToken, '/api/user/activity/log', { name: 'Other', otherName: title, movingTime: 42, startTime: `${today()}T06:00:00.000Z` });

  await signInAsAdmin(page);
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto(`/admin/users/${ines.id}/workouts`);
  const activities = page.getByRole('table', { name: 'Activities' });
  await expect(activities.getByRole('row').nth(1)).toContainText(title);
  const hint = page.getByTestId('more-columns');
  await expect(hint).toHaveText('More columns to the right: swipe or scroll sideways →');
  await page.screenshot({ path: 'test-results/screens/admin-user-workouts-hint-375.png', fullPage: true });

  // Scrolled to its end, the table has nothing more to the right: the hint goes.
  await page.getByRole('region', { name: 'Activities table' }).evaluate((scroller) => scroller.scrollTo({ left: scroller.scrollWidth }));
  await expect(hint).toBeHidden();
  await expect(activities.getByRole('columnheader', { name: 'Date' })).toBeInViewport();

  // At 1280 px every column fits: no hint.
  await page.setViewportSize(VIEWPORTS.desktop);
  await expect(activities.getByRole('columnheader', { name: 'Date' })).toBeVisible();
  await expect(hint).toBeHidden();
  await page.screenshot({ path: 'test-results/screens/admin-user-workouts-hint-1280.png', fullPage: true });
});
