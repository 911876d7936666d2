import { gzipSync } from 'node:zlib';
import { expect, test, type Page, type Request } from '@playwright/test';
import { signUpThroughApi, uniqueEmail } from './helpers';

/**
 * The size check (docs/performance.md#first-load) on the build `npm start` serves: every script a cold load of the login
 * page runs (until the network is quiet), in gzip bytes, at most 150 kB. The login page
 * carries no zod, ky or contract (they come with the first focus of the form), the entry is one file
 * and names no other chunk's dependencies (docs/performance.md#first-load); whatever adds to the
 * first load beyond the budget fails here and must be split off.
 */
const LOGIN_JS_BUDGET_BYTES = 150_000;
/**
 * What the employee dashboard's route adds after the sign-in click (FullCalendar is most of it), with
 * what it fetches right after the month is drawn so that a connection lost before the service worker
 * holds the app loses nothing: the list of waiting writes and the 'Add new activity' form (about 10 kB).
 */
const DASHBOARD_JS_BUDGET_BYTES = 165_000;
const PASSWORD = 'First-Load-Check-2026';

type Script = { gzipBytes: number; registersServiceWorker: boolean };

/** Collects every script the page receives, with its gzip size (level 9, as the build's .gz copies). */
const recordScripts = (page: Page) => {
  const scripts = new Map<string, Promise<Script>>();
  let lastArrival = Date.now();
  // Scripts asked for and not yet answered: on a loaded machine a chunk the login form asked for can
  // take over a second, and counting it after the sign-in would put the login's files in the dashboard's budget.
  const inFlight = new Set<Request>();
  const isPageScript = (request: Request) => request.resourceType() === 'script' && !request.serviceWorker();
  page.on('request', (request) => {
    if (isPageScript(request)) inFlight.add(request);
  });
  const answered = (request: Request) => inFlight.delete(request);
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  page.on('response', (response) => {
    // The service worker's precaching (a background download after the page settled) is not the page's JavaScript.
    if (response.request().resourceType() !== 'script' || response.request().serviceWorker() || scripts.has(response.url())) return;
    lastArrival = Date.now();
    const script = response.body().then((body) => ({ gzipBytes: gzipSync(body, { level: 9 }).length, registersServiceWorker: body.includes('workbox:window') }));
    // A script still arriving when the test ends cannot be read; one the budget counts is awaited below and fails there.
    script.catch(() => undefined);
    scripts.set(response.url(), script);
  });
  const all = () => Promise.all([...scripts].map(async ([url, script]) => ({ url, ...(await script) })));
  return {
    urls: () => [...scripts.keys()],
    /** The page's own scripts: the service worker's registration loads once the page has loaded (src/main.tsx) and is in no budget. */
    pageScripts: async (urls: string[]) => (await all()).filter((script) => urls.includes(script.url) && !script.registersServiceWorker),
    /**
     * Until no script is on its way and none arrived for a second, and the service worker's registration is in: the
     * page's `networkidle` fires once per load, so it cannot tell when a later fetch is over.
     */
    settled: async () => {
      await expect.poll(async () => inFlight.size === 0 && Date.now() - lastArrival >= 1000 && (await all()).some((script) => script.registersServiceWorker), { timeout: 15_000 }).toBe(true);
    },
  };
};

const sumOf = (scripts: Script[]) => scripts.reduce((sum, script) => sum + script.gzipBytes, 0);

const openLogin = async (page: Page) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
};

test(`the login page's JavaScript stays within ${LOGIN_JS_BUDGET_BYTES / 1000} kB gzip, sent compressed and without source maps`, async ({ page, request }) => {
  const scripts = recordScripts(page);
  await openLogin(page);
  await scripts.settled();
  const loaded = await scripts.pageScripts(scripts.urls());
  const total = sumOf(loaded);
  expect(total, `login page scripts (${loaded.length} files): ${total} bytes gzip`).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);

  const entry = loaded.map(({ url }) => url).find((url) => new URL(url).pathname.startsWith('/assets/'))!;
  const asset = await request.get(entry, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers().vary).toContain('accept-encoding');
  expect((await request.get(`${entry}.map`)).status()).toBe(404);
});

test(`the employee dashboard adds at most ${DASHBOARD_JS_BUDGET_BYTES / 1000} kB gzip of JavaScript after signing in`, async ({ page, request }) => {
  const email = uniqueEmail('first-load');
  await signUpThroughApi(request, { firstName: 'Fiona', lastName: 'Firstload', dateOfBirth: '1990-04-05', gender: 'female', email, password: PASSWORD, levelOfCompetition: 'Beginner' });
  const scripts = recordScripts(page);
  await openLogin(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  // The form fetched its schema and the sign-in call (contract, zod, ky) on its first focus: that
  // belongs to signing in, not to the dashboard, and is in neither budget's files twice.
  await scripts.settled();
  const login = new Set(scripts.urls());
  // Signed in from the keyboard: a pointer left where the button was would rest on whatever the
  // dashboard draws there, and a hover fetches more (a tooltip's floating-ui, a link's route).
  await page.getByRole('textbox', { name: 'Password' }).press('Enter');
  await expect(page).toHaveURL(/\/employee\/dashboard$/);
  await expect(page.getByText(/Total month:/)).toBeVisible();
  await scripts.settled();
  const added = await scripts.pageScripts(scripts.urls().filter((url) => !login.has(url)));
  const total = sumOf(added);
  expect(added.length).toBeGreaterThan(0);
  expect(total, `dashboard scripts (${added.length} files): ${total} bytes gzip`).toBeLessThanOrEqual(DASHBOARD_JS_BUDGET_BYTES);
});
