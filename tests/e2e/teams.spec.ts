import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { latestMail, screenshotBoth, signInAsAdmin } from './helpers';

/**
 * Teams end to end (docs/product-rules.md#teams): a roster with a team column, invitees joining,
 * workouts of two teams, the leaderboard by average, a move, and the participation view merging a
 * team of 3 into 'Other teams'. The app runs on the real clock, so every membership here begins
 * today: a move in the middle of a month, split over its days, is tests/e2e/mock-teams.spec.ts (mock
 * mode's clock moves) and tests/server/teams. At 375 px the standings say they scroll sideways.
 */

const PASSWORD = 'Team-member-Password1';
const suffix = Date.now().toString(36);
const names = { alpha: `Alpha ${suffix}`, beta: `Beta ${suffix}`, gamma: `Gamma ${suffix}` };
const person = (key: string) => `${key}.${suffix}@e2e.test`;
const roster: Array<[string, string]> = [
  ...['a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((key) => [person(key), names.alpha] as [string, string]),
  [person('b1'), names.beta],
  ...['g1', 'g2', 'g3'].map((key) => [person(key), names.gamma] as [string, string]),
];

const tokenOf = (mail: string) => {
  const unfolded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return decodeURIComponent(unfolded.match(/\/signup\?invitation=([A-Za-z0-9_%-]+)/)![1]!);
};

const join = async (request: APIRequestContext, email: string) => {
  const token = tokenOf(await latestMail(email));
  const response = await request.post('/api/access/invitation', { multipart: { token, firstName: 'Member', lastName: email.split('.')[0]!, dateOfBirth: '1990-01-01', gender: 'other', password: PASSWORD } });
  expect(response.status(), await response.text()).toBe(201);
};

const logWorkout = async (request: APIRequestContext, email: string, movingTime: number) => {
  const signin = await request.post('/api/auth/signin', { data: { email, password: PASSWORD } });
  const { accessToken } = (await signin.json()) as { accessToken: string };
  const logged = await request.post('/api/user/activity/log', { headers: { authorization: `Bearer ${accessToken}` }, data: { name: 'Running', movingTime, startTime: new Date().toISOString() } });
  expect(logged.status()).toBe(201);
};

/** This run's rows of the leaderboard, in their order: [team, average, total, members, active]. */
const ourStandings = async (page: Page) => {
  const table = page.getByRole('table', { name: 'Teams' });
  await expect(table).toBeVisible();
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  return rows.filter((cells) => cells[0]?.includes(suffix)).map((cells) => [cells[0]!.replace('Your team', '').replace(/^\d+\./, '').trim(), ...cells.slice(1)]);
};

test('a roster with teams, two teams logging, the leaderboard by average, a move, and participation with a team of 3 merged', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  await page.goto('/admin/invitations');
  const section = page.getByRole('region', { name: 'Import a roster' });
  const csv = ['email,first_name,last_name,team', ...roster.map(([email, team]) => `${email},Member,${email.split('.')[0]},${team}`)].join('\n');
  await section.locator('input[type="file"]').setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await section.getByRole('button', { name: `Invite ${roster.length} people` }).click();
  await expect(section.getByText(`${roster.length} invitations sent.`)).toBeVisible();
  for (const [email] of roster) await join(request, email);

  await logWorkout(request, person('a1'), 60);
  await logWorkout(request, person('b1'), 30);

  // An employee of Alpha: 'Teams' in the navigation, the table, their team highlighted.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const employee = await context.newPage();
  await employee.goto('/');
  await employee.getByRole('textbox', { name: 'Email' }).fill(person('a1'));
  await employee.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await employee.getByRole('button', { name: 'Log in' }).click();
  await expect(employee).toHaveURL(/\/employee\/dashboard$/);
  await employee.getByRole('link', { name: 'Teams' }).click();
  await expect(employee.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();
  await expect(employee.getByRole('table', { name: 'Teams' }).getByRole('columnheader')).toHaveText(['Team', 'Average points', 'Total points', 'Members', 'Active this month']);
  expect(await ourStandings(employee)).toEqual([
    [names.beta, '30', '30', '1', '1 (100 %)'],
    [names.alpha, '10', '60', '6', '1 (17 %)'],
    [names.gamma, '0', '0', '3', '0 (0 %)'],
  ]);
  await expect(employee.getByText(new RegExp(`^Your team: ${names.alpha}\\. You are number 1 of 6 in it\\. It is number \\d+ of \\d+ teams\\.$`))).toBeVisible();
  await expect(employee.getByRole('row', { name: new RegExp(names.alpha) })).toHaveAttribute('aria-current', 'true');
  await screenshotBoth(employee, 'teams');
  await employee.setViewportSize({ width: 375, height: 800 });
  await expect(employee.getByTestId('more-columns')).toBeVisible();
  await employee.setViewportSize({ width: 1280, height: 800 });
  await expect(employee.getByTestId('more-columns')).toBeHidden();

  // The admin moves a2 to Beta today; their workout after the move counts for Beta.
  await page.goto('/admin/teams');
  const place = page.getByRole('form', { name: 'Place an employee' });
  await place.getByLabel('Employee email').fill(person('a2'));
  await place.getByLabel('Team').selectOption({ label: names.beta });
  await place.getByRole('button', { name: 'Place from today' }).click();
  await expect(page.getByText('The employee is in the team from today')).toBeVisible();
  await logWorkout(request, person('a2'), 10);
  await employee.reload();
  expect(await ourStandings(employee)).toEqual([
    [names.beta, '20', '40', '2', '2 (100 %)'],
    [names.alpha, '12', '60', '5', '1 (20 %)'],
    [names.gamma, '0', '0', '3', '0 (0 %)'],
  ]);

  // Participation: Alpha (5) is listed, the Gamma team of 3 is merged into 'Other teams'.
  await page.goto('/admin/participation');
  await expect(page.getByRole('heading', { level: 1, name: 'Participation' })).toBeVisible();
  const participation = page.getByRole('table', { name: 'Participation' });
  await expect(participation.getByRole('row', { name: new RegExp(names.alpha) })).toContainText('20 %');
  await expect(participation.getByText(names.gamma)).toHaveCount(0);
  await expect(participation.getByRole('row', { name: /Other teams/ })).toBeVisible();
  await screenshotBoth(page, 'team-participation');
  await context.close();
});
