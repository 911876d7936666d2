import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E } from './env';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } } as const;

/**
 * Switches the scheme the way Mantine itself hears of it (its storage manager's event), so React
 * re-renders with the scheme's colours and auto-contrast, as when a person uses the toggle.
 */
const setScheme = async (page: Page, scheme: 'light' | 'dark') => {
  await page.evaluate((value) => {
    window.localStorage.setItem('mantine-color-scheme-value', value);
    window.dispatchEvent(new StorageEvent('storage', { key: 'mantine-color-scheme-value', newValue: value, storageArea: window.localStorage }));
  }, scheme);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
};

/**
 * Whether the specs save their screenshots (test-results/screens), for a person to look at. CI sets
 * `E2E_SCREENSHOTS=off`: nobody looks at them there, and the full-page captures at two widths were
 * about a sixth of the browser suite's time on 2 cores (docs/testing.md). The checks stay.
 */
export const SAVE_SCREENSHOTS = process.env.E2E_SCREENSHOTS !== 'off';

/** The widths a screenshot is saved at: none when screenshots are off. */
export const SCREENSHOT_VIEWPORTS = SAVE_SCREENSHOTS ? Object.values(VIEWPORTS) : [];

/**
 * Saves the page at 1280 and 375 px, in the light and the dark scheme, under test-results/screens;
 * axe checks the dark scheme too (contrast differs there), also when screenshots are off.
 */
export const screenshotBoth = async (page: Page, name: string) => {
  const original = await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme') ?? 'light');
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    for (const size of SCREENSHOT_VIEWPORTS) {
      await page.setViewportSize(size);
      await page.waitForTimeout(150);
      await page.screenshot({ path: `test-results/screens/${name}-${size.width}${scheme === 'dark' ? '-dark' : ''}.png`, fullPage: true });
    }
    if (scheme === 'dark') await expectAccessible(page);
  }
  await setScheme(page, original === 'dark' ? 'dark' : 'light');
  await page.setViewportSize(VIEWPORTS.desktop);
};

/** Runs axe-core in the page and fails on serious or critical violations. */
export const expectAccessible = async (page: Page, context?: string) => {
  // A modal or toast still fading in has its colours at part opacity: axe would measure those. Only
  // short transitions are waited for (not spinners, which never end, nor a toast's 4 s countdown).
  await page.evaluate(() => {
    const fades = document.getAnimations().filter((animation) => Number(animation.effect?.getComputedTiming().endTime ?? Infinity) <= 1000);
    return Promise.all(fades.map((animation) => animation.finished.catch(() => undefined)));
  });
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(selector ?? document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  }, context ?? null);
  expect(violations, violations.join('\n')).toEqual([]);
};

/**
 * The newest mail to `to` the app wrote to DATA_DIR/outbox (no SMTP in tests). Mails are sent by a
 * job after the answer, so this waits for it (up to 15 s).
 */
export const latestMail = async (to: string) => {
  const outbox = join(E2E.dataDir, 'outbox');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = (existsSync(outbox) ? readdirSync(outbox) : [])
      .filter((file) => file.endsWith('.eml'))
      .map((file) => ({ file, time: statSync(join(outbox, file)).mtimeMs }))
      .sort((a, b) => b.time - a.time)
      .map(({ file }) => readFileSync(join(outbox, file), 'utf8'));
    const mail = mails.find((text) => text.split(/\r?\n/).includes(`To: ${to}`));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** The reset link inside a mail (the outbox writes it whole, as a person reads it with `cat`). */
export const resetLinkFrom = (mail: string) => {
  const match = mail.match(/https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/);
  if (!match) throw new Error('No reset link in the mail');
  return match[0];
};

let counter = 0;
/** A unique e-mail per test run, so tests never depend on each other's accounts. */
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${(counter += 1)}@e2e.test`;

/**
 * Opens the confirmation link mailed to a self-made account (docs/access.md), as its owner would:
 * until then colleagues do not see the account on the leaderboard or in the feed.
 */
export const confirmEmail = async (request: APIRequestContext, email: string) => {
  const mail = await latestMail(email);
  const token = mail.match(/\/confirm-email\?token=([A-Za-z0-9_-]+)/)![1]!;
  const response = await request.post('/api/access/confirm-email', { data: { token } });
  if (response.status() !== 200) throw new Error(`confirming ${email}: ${response.status()} ${await response.text()}`);
};

export type NewEmployee = { firstName: string; lastName: string; dateOfBirth: string; gender: 'male' | 'female' | 'other'; email: string; password: string; levelOfCompetition: string };

/** Creates an employee through the sign-up API (a multipart form, as the SPA sends it); fails the test unless it is 201. */
export const signUpThroughApi = async (request: APIRequestContext, person: NewEmployee) => {
  const response = await request.post('/api/auth/signup', { multipart: person });
  expect(response.status(), await response.text()).toBe(201);
};

/** The seeded admin's authorization header, for set-up and clean-up through the API. */
export const adminHeaders = async (request: APIRequestContext) => {
  const signin = await request.post('/api/auth/signin', { data: { email: E2E.admin.email, password: E2E.admin.password } });
  expect(signin.status(), await signin.text()).toBe(200);
  return { authorization: `Bearer ${((await signin.json()) as { accessToken: string }).accessToken}` };
};

/** Deletes, as the admin, every employee the users search finds for `search`. */
export const deleteEmployeesFound = async (request: APIRequestContext, search: string) => {
  const headers = await adminHeaders(request);
  const found = await request.get(`/api/users?search=${encodeURIComponent(search)}&pageSize=100`, { headers });
  expect(found.status(), await found.text()).toBe(200);
  for (const { id } of ((await found.json()) as { rows: { id: number }[] }).rows) {
    expect((await request.delete(`/api/users/${id}`, { headers })).status()).toBe(204);
  }
};

/** Signs in through the login form as a person would (`page.goto('/')` first); waits for the landing page. */
export const signInWithForm = async (page: Page, email: string, password: string, landing: RegExp = /\/employee\//) => {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(landing);
};

/** Signs in as the admin the e2e server bootstraps, through the login form; lands on the users page. */
export const signInAsAdmin = (page: Page) => signInWithForm(page, E2E.admin.email, E2E.admin.password, /\/admin\/dashboard$/);

/** Waits until the worker finished precaching (it registers a moment after load) and controls the page. */
export const waitForServiceWorker = async (page: Page) => {
  await page.waitForFunction(
    async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const names = await caches.keys();
      return registration?.active?.state === 'activated' && names.some((name) => name.startsWith('workbox-precache'));
    },
    undefined,
    { timeout: 30_000, polling: 250 },
  );
  // The first install claims the open page.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 30_000 });
};
