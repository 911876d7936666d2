import { expect, test, type Page } from '@playwright/test';
import { currentCompetitionYear } from '../../src/domain/competition';
import { MOCK_MODE_URL } from './mock-mode-env';
import { pageApi, pageTokenOf } from './mock-mode-api';

/**
 * A move between teams in the middle of a month, in the browser (docs/product-rules.md#teams): the
 * days before the move count for the old team, the move day and after for the new one, and a
 * workout logged later for a day before the move still counts for the old team. Mock mode runs the
 * server's own route table in the page with a clock QA can move (mocks/README.md), so the
 * memberships can begin on earlier days than the one the leaderboard is read on; tests/e2e/teams.spec.ts
 * covers the roster import, averages and participation on the real server.
 * Run with `npx playwright test --config playwright.mock.config.ts tests/e2e/mock-teams.spec.ts`.
 */
test.use({ baseURL: MOCK_MODE_URL });

// A competition year after the mock build's demo rows, so only this test's workouts count in it.
const YEAR = currentCompetitionYear(new Date()) + 1;
const day = (monthDay: string) => `${YEAR}-${monthDay}`;

/** Moves mock mode's "now"; the tokens below are taken after each move, as sessions are checked against it. */
const setClock = (page: Page, iso: string) => page.evaluate((at) => window.__wellnessMocks!.clock.set(at), iso);

const ok = async (call: Promise<{ status: number; body: unknown }>) => {
  const { status, body } = await call;
  expect(status, JSON.stringify(body)).toBeLessThan(300);
  return body as { id: number };
};

test("a move in the middle of a month splits the mover's points by day between the two teams", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await page.waitForFunction(() => window.__wellnessMocks !== undefined, undefined, { timeout: 90_000 });
  const admin = { email: 'admin@wellness.test', password: 'Admin123!' };
  const bea = { email: 'bea@wellness.test', password: 'Employee123!' };
  const ivan = { email: 'ivan@wellness.test', password: 'Employee123!' };
  const log = async (who: typeof bea, on: string, movingTime: number) =>
    ok(
      pageApi(page, 'POST', '/user/activity/log', {
        token: await pageTokenOf(page, who.email, who.password),
        body: { name: 'Running', movingTime, startTime: `${on}T07:00:00.000Z` },
      }),
    );
  const place = async (who: typeof bea, teamId: number) =>
    ok(
      pageApi(page, 'PUT', '/team-admin/membership', {
        token: await pageTokenOf(page, admin.email, admin.password),
        body: { email: who.email, teamId },
      }),
    );

  // 3 November: Bea joins Red, Ivan Blue; both log.
  await setClock(page, `${day('11-03')}T09:00:00Z`);
  const adminToken = await pageTokenOf(page, admin.email, admin.password);
  const red = await ok(pageApi(page, 'POST', '/team-admin/teams', { token: adminToken, body: { name: 'Red' } }));
  const blue = await ok(pageApi(page, 'POST', '/team-admin/teams', { token: adminToken, body: { name: 'Blue' } }));
  await place(bea, red.id);
  await place(ivan, blue.id);
  await log(bea, day('11-03'), 30);
  await log(ivan, day('11-03'), 10);

  // 10 November: Bea moves to Blue. The move day counts for Blue; a workout logged now for 9 November, for Red.
  await setClock(page, `${day('11-10')}T12:00:00Z`);
  await place(bea, blue.id);
  await log(bea, day('11-10'), 20);
  await log(bea, day('11-09'), 3);

  // 12 November, in the app: Blue 20 + 10 over its 2 members; Red keeps Bea's 30 + 3 and has nobody.
  await setClock(page, `${day('11-12')}T09:00:00Z`);
  // The calls above signed people in through this page; Bea now signs in herself, from the login form.
  expect((await pageApi(page, 'POST', '/auth/signout')).status).toBe(204);
  await page.goto('/');
  await page.getByLabel('Email').fill(bea.email);
  await page.getByLabel('Password', { exact: true }).fill(bea.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/employee\/dashboard$/, { timeout: 30_000 });
  await page.getByRole('link', { name: 'Teams' }).click();
  const table = page.getByRole('table', { name: 'Teams' });
  // Its first read in mock mode scores the month in the page's PGlite: over 10 s under CI's load, as mock mode's other first reads.
  await expect(table).toBeVisible({ timeout: 30_000 });
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').replace('Your team', '').replace(/^\d+\./, '').trim())),
    );
  expect(rows.filter((cells) => cells[0] === 'Red' || cells[0] === 'Blue')).toEqual([
    ['Blue', '15', '30', '2', '2 (100 %)'],
    ['Red', '0', '33', '0', '0'],
  ]);
  await expect(page.getByText(/^Your team: Blue\. You are number 1 of 2 in it\. It is number \d+ of \d+ teams\.$/)).toBeVisible();

  // Blue's page: Bea with the points she scored for Blue only.
  await table.getByRole('link', { name: 'Blue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blue' })).toBeVisible();
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('row', { name: /Bea Beginner/ })).toContainText('20');
  await expect(members.getByRole('row', { name: /Ivan Intermediate/ })).toContainText('10');
});
