import { expect, test, type Page } from '@playwright/test';
import { fixtureUsers } from '../../mocks/fixtures';
import { verifyPassword } from '../../server/passwords/argon2';

/**
 * Mock mode's database in Chromium (tests/e2e/mock-db-page): PGlite opened from the build's dump,
 * read through the server's drizzle schema, kept in IndexedDB across a reload, wiped by reset.
 * Run with `npx playwright test --config playwright.mock.config.ts tests/e2e/mock-db.spec.ts`.
 */
const openPage = async (page: Page) => {
  await page.goto('/');
  await expect(page.locator('#state')).toHaveText('ready', { timeout: 30_000 });
};

const harness = (page: Page) => ({
  loadedFromDump: () => page.evaluate(() => window.mockDb!.loadedFromDump),
  users: () => page.evaluate(() => window.mockDb!.users()),
});

test('the database opens from the dump, keeps a write across a reload and loses it after reset', async ({ page }) => {
  await openPage(page);
  const db = harness(page);
  expect(await db.loadedFromDump()).toBe(true);
  const users = await db.users();
  expect(users.map((user) => user.email)).toEqual(fixtureUsers.map((fixture) => fixture.email));
  expect(users.map((user) => user.id)).toEqual(fixtureUsers.map((_, index) => index + 1));
  // The demo activity is scored by the server's own rebuild: one year row per employee.
  expect(await page.evaluate(() => window.mockDb!.scoredEmployees())).toBe(
    fixtureUsers.filter((fixture) => fixture.role === 'user').length,
  );

  await page.evaluate(() => window.mockDb!.rename('bea@wellness.test', 'Beatrix'));
  await page.reload();
  await expect(page.locator('#state')).toHaveText('ready', { timeout: 30_000 });
  expect(await db.loadedFromDump()).toBe(false);
  expect((await db.users()).find((user) => user.email === 'bea@wellness.test')?.firstName).toBe('Beatrix');

  await page.evaluate(() => window.mockDb!.reset());
  await page.reload();
  await expect(page.locator('#state')).toHaveText('ready', { timeout: 30_000 });
  expect(await db.loadedFromDump()).toBe(true);
  expect((await db.users()).find((user) => user.email === 'bea@wellness.test')?.firstName).toBe('Bea');
});

test('every documented account has its password, hashed with the server argon2id', async ({ page }) => {
  await openPage(page);
  const users = await harness(page).users();
  for (const fixture of fixtureUsers) {
    const stored = users.find((user) => user.email === fixture.email)!;
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored.passwordHash, fixture.password)).toBe(true);
    expect(await verifyPassword(stored.passwordHash, `${fixture.password}x`)).toBe(false);
  }
});

test('the admin search extensions run in the browser: unaccent folds, pg_trgm compares', async ({ page }) => {
  await openPage(page);
  expect(await page.evaluate(() => window.mockDb!.searchText('Béa'))).toEqual(['bea@wellness.test']);
  expect(await page.evaluate(() => window.mockDb!.searchText('ÎVAN'))).toEqual(['ivan@wellness.test']);
});

test('a second tab works on a copy in memory and leaves the saved database to the first', async ({ page, context }) => {
  await openPage(page);
  const second = await context.newPage();
  await openPage(second);
  expect(await second.evaluate(() => window.mockDb!.persisted)).toBe(false);
  await second.evaluate(() => window.mockDb!.rename('ivan@wellness.test', 'Ivo'));
  expect((await harness(page).users()).find((user) => user.email === 'ivan@wellness.test')?.firstName).toBe('Ivan');
});
