import { expect, test, type Page } from '@playwright/test';
import { toIsoDay } from '../../src/domain/days';
import { MOCK_MODE_URL } from './mock-mode-env';
import { pageApi, pageTokenOf } from './mock-mode-api';

/**
 * Mock mode as QA uses it: the static `build:mock` served alone, the server's own route table
 * answering in the page (mocks/browser.ts). Run with `npx playwright test --config playwright.mock.config.ts`.
 */
test.use({ baseURL: MOCK_MODE_URL });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const today: string = toIsoDay(new Date());
const todayLabel = new Date(`${today}T00:00:00Z`).toLocaleDateString('en-US', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The QA handle is there once mock mode's database is open. */
const ready = async (page: Page) => {
  await page.waitForFunction(() => window.__wellnessMocks !== undefined, undefined, { timeout: 90_000 });
};

const signIn = async (page: Page, email: string, password: string) => {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/$/, { timeout: 30_000 });
};

test('sign-up, the confirmation link from the mock outbox, sign in; log, edit and delete an activity', async ({ page }) => {
  await page.goto('/signup');
  await ready(page);
  await page.getByLabel('First name').fill('Quinn');
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Email').fill('quinn@wellness.test');
  await page.getByLabel('Password', { exact: true }).fill('Quinn-Tests-2026');
  await page.getByLabel('Confirm password', { exact: true }).fill('Quinn-Tests-2026');
  await page.getByLabel('Level of competition').selectOption('Intermediate');
  await page.getByRole('form', { name: 'Create new profile' }).getByRole('button', { name: 'Create profile' }).click();
  await expect(page).toHaveURL(/\/employee\/fitness-services$/, { timeout: 30_000 });

  // The server's confirmation job mailed the link into QA's outbox.
  await expect
    .poll(() => page.evaluate(() => window.__wellnessMocks!.outbox.latestTo('quinn@wellness.test')?.link ?? null), { timeout: 30_000 })
    .not.toBeNull();
  const link = await page.evaluate(() => window.__wellnessMocks!.outbox.latestTo('quinn@wellness.test')!.link!);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText('Your e-mail address is confirmed')).toBeVisible({ timeout: 30_000 });

  // The sign-up signed this tab in already; the new password signs in as well.
  expect(await pageTokenOf(page, 'quinn@wellness.test', 'Quinn-Tests-2026')).toEqual(expect.any(String));
  await page.goto('/employee/dashboard');
  await page.getByRole('button', { name: `Add new activity on ${todayLabel}` }).click();
  const add = page.getByRole('dialog', { name: 'Add new activity' });
  await add.getByRole('combobox', { name: 'Title' }).click();
  await page.getByRole('option', { name: 'Running' }).click();
  await add.getByLabel('Moving time (minutes)').fill('45');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByText('Total month: 45 mins')).toBeVisible();

  await page.locator('.wc-activity', { hasText: 'Running' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage activity' });
  await manage.getByLabel('Moving time (minutes)').fill('60');
  await manage.getByRole('button', { name: 'Update' }).click();
  await expect(manage).toBeHidden();
  await expect(page.getByText('Total month: 60 mins')).toBeVisible();

  // A reload keeps what was saved (the database lives in IndexedDB).
  await page.reload();
  await expect(page.getByText('Total month: 60 mins')).toBeVisible({ timeout: 60_000 });
  await page.locator('.wc-activity', { hasText: 'Running' }).click();
  await manage.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: /^Yes/ }).click();
  // The totals hide while the month is fetched again, here from the database in this page (a loaded CI machine took over 10 s).
  await expect(page.getByText('Total month: 0 mins')).toBeVisible({ timeout: 60_000 });
});

test("the server's rules: a private colleague's activities stay out of the feed, a bonus counts, accents fold in the admin search", async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  const bea = await pageTokenOf(page, 'bea@wellness.test', 'Employee123!');
  const pia = await page.evaluate(
    async () => (await window.__wellnessMocks!.sql("select id from users where email = 'pia@wellness.test'"))[0] as { id: number },
  );
  const piaActivities = await page.evaluate(
    async (id) =>
      (await window.__wellnessMocks!.sql(`select count(*)::int as n from activities where user_id = ${id}`))[0] as { n: number },
    pia.id,
  );
  expect(piaActivities.n).toBeGreaterThan(0); // the demo data gives the private colleague activities too
  const feed = await pageApi(page, 'GET', '/user/activity/feed?page=1&pageSize=50', { token: bea });
  expect(feed.status).toBe(200);
  expect(feed.body.feed.length).toBeGreaterThan(0);
  expect(feed.body.feed.filter((entry: { userId: number }) => entry.userId === pia.id)).toEqual([]);

  const admin = await pageTokenOf(page, 'admin@wellness.test', 'Admin123!');
  const beaId = (await pageApi(page, 'GET', '/users?search=bea', { token: admin })).body.rows[0].id as number;
  const before =
    (await pageApi(page, 'GET', '/leaders/top', { token: admin })).body.Beginner.find((row: { userId: number }) => row.userId === beaId)
      ?.annualPoints ?? 0;
  const bonus = { firstQuarter: true, secondQuarter: false, thirdQuarter: false, fourthQuarter: false };
  const current = (await pageApi(page, 'GET', `/users/${beaId}`, { token: admin })).body.quarterlyBonus;
  const flipped = { ...bonus, firstQuarter: !current.firstQuarter };
  expect(
    (
      await pageApi(page, 'PUT', `/users/${beaId}/quarterly-bonus`, {
        token: admin,
        body: { newQuarterlyBonusData: { ...current, ...flipped } },
      })
    ).status,
  ).toBe(200);
  const after =
    (await pageApi(page, 'GET', '/leaders/top', { token: admin })).body.Beginner.find((row: { userId: number }) => row.userId === beaId)
      ?.annualPoints ?? 0;
  expect(after - before).toBe(flipped.firstQuarter ? 250 : -250);

  for (const [email, firstName, lastName] of [
    ['ivan@wellness.test', 'Ștefan', 'Popescu'],
    ['alex@wellness.test', 'José', 'Núñez'],
  ] as const) {
    const row = (await pageApi(page, 'GET', `/users?search=${encodeURIComponent(email)}`, { token: admin })).body.rows[0];
    expect(
      (
        await pageApi(page, 'PUT', `/users/${row.id}`, {
          token: admin,
          body: { firstName, lastName, dateOfBirth: row.dateOfBirth, gender: row.gender, levelOfCompetition: row.levelOfCompetition },
        })
      ).status,
    ).toBe(200);
  }
  expect(
    (await pageApi(page, 'GET', '/users?search=stefan', { token: admin })).body.rows.map((row: { firstName: string }) => row.firstName),
  ).toEqual(['Ștefan']);
  expect(
    (await pageApi(page, 'GET', '/users?search=jose', { token: admin })).body.rows.map((row: { firstName: string }) => row.firstName),
  ).toEqual(['José']);
});

test('a QA switch: the next call answers the server error', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.evaluate(() => window.__wellnessMocks!.scenario.next('server-error'));
  expect(await pageApi(page, 'GET', '/health')).toEqual({
    status: 500,
    body: { statusCode: 500, serverCode: 'INTERNAL_ERROR', message: 'Error in server , try again later' },
  });
  // One-shot: the next call (not the failed one's automatic retry) answers as usual again.
  expect(await pageApi(page, 'GET', '/access/options')).toMatchObject({ status: 200 });
});

test('offline logging: an activity saved without a connection is sent when it comes back', async ({ page }) => {
  await signIn(page, 'eli@wellness.test', 'Employee123!');
  await ready(page);
  await page.goto('/employee/dashboard');
  await expect(page.getByText(/Total month: \d+ mins/)).toBeVisible({ timeout: 60_000 });
  const countToday = () =>
    page.evaluate(
      async (day) =>
        (
          await window.__wellnessMocks!.sql(
            `select count(*)::int as n from activities a join users u on u.id = a.user_id where u.email = 'eli@wellness.test' and a.start_date = '${day}'`,
          )
        )[0] as { n: number },
      today,
    );
  const before = (await countToday()).n;
  await page.evaluate(() => window.__wellnessMocks!.network.goOffline());
  await page.getByRole('button', { name: `Add new activity on ${todayLabel}` }).click();
  const add = page.getByRole('dialog', { name: 'Add new activity' });
  await add.getByRole('combobox', { name: 'Title' }).click();
  await page.getByRole('option', { name: 'Walking' }).click();
  await add.getByLabel('Moving time (minutes)').fill('25');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  expect((await countToday()).n).toBe(before);
  await page.evaluate(() => window.__wellnessMocks!.network.goOnline());
  await expect.poll(async () => (await countToday()).n, { timeout: 30_000 }).toBe(before + 1);
});
