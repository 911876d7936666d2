/**
 * Mock mode's start (targets: docs/performance.md#mock-mode-start): how long Chromium takes to open
 * mock mode's database (PGlite in WebAssembly, IndexedDB) from a cold browser (empty cache, nothing
 * saved: fetch the dump, load it, save it) and on a reload (reopen what was saved), measured on the
 * database page of tests/e2e/mock-db-page; then the static mock build (`npm run build:mock`, when
 * `dist-mock/` exists or MOCK_START_BUILD_APP=1) to an interactive login page, cold and reloaded.
 *
 *   npx tsx bench/mock-start.ts     MOCK_START_RUNS=5 MOCK_START_SKIP_BUILD=1 MOCK_START_BUILD_APP=1
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { freePort } from './lib/server-process';

const runs = Number(process.env.MOCK_START_RUNS ?? 5);
const TARGETS = { coldMs: 3000, reloadMs: 1000 };
const vite = join(process.cwd(), 'node_modules/vite/bin/vite.js');
const PAGE_CONFIG = 'tests/e2e/mock-db-page/vite.config.ts';

const build = (args: string[]) => {
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', ...args], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`vite build ${args.join(' ')} failed`);
};

/** `vite preview` of a build, started as the process itself so it can be stopped by its own id. */
const preview = async (args: string[]) => {
  const port = await freePort();
  const child = spawn(process.execPath, [vite, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort', ...args], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await fetch(base).then((response) => response.ok, () => false)) return { base, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`vite preview ${args.join(' ')} did not answer`);
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

type Sample = { coldMs: number; coldOpenMs: number; savedMs: number; reloadMs: number; reloadOpenMs: number };

/** From navigation start to the page's database open (the page records both figures). */
const databaseReady = async (page: Page) => {
  await page.waitForFunction(() => window.mockDb !== undefined, undefined, { timeout: 60_000 });
  return page.evaluate(() => ({ readyMs: window.mockDb!.readyMs, openMs: window.mockDb!.openMs, loadedFromDump: window.mockDb!.loadedFromDump }));
};

const measureDatabasePage = async (browser: Browser, base: string): Promise<Sample> => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(base);
    const cold = await databaseReady(page);
    if (!cold.loadedFromDump) throw new Error('a new browser context reopened a saved database');
    // The first visit saves the dump in the background; a reload before that loads it again (by design).
    const savedMs = await page.evaluate(() => window.mockDb!.savedMs());
    await page.reload();
    const reload = await databaseReady(page);
    if (reload.loadedFromDump) throw new Error('the reload loaded the dump again instead of reopening the saved database');
    return { coldMs: cold.readyMs, coldOpenMs: cold.openMs, savedMs, reloadMs: reload.readyMs, reloadOpenMs: reload.openMs };
  } finally {
    await context.close();
  }
};

/** From navigation start to a login form that takes input, and whether the page opened mock mode's PGlite. */
const loginReady = async (page: Page) => {
  const email = page.getByRole('textbox', { name: 'Email' });
  await email.waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForFunction(() => !(document.querySelector('input[type="email"], input[name="email"]') as HTMLInputElement | null)?.disabled, undefined, { timeout: 60_000 });
  return page.evaluate(async () => ({
    readyMs: performance.now(),
    pglite: (await indexedDB.databases()).some((database) => database.name?.startsWith('/pglite/wellness-mock-db')),
  }));
};

const measureMockApp = async (browser: Browser, base: string) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(base);
    const cold = await loginReady(page);
    await page.reload();
    const reload = await loginReady(page);
    return { coldMs: cold.readyMs, reloadMs: reload.readyMs, pglite: cold.pglite };
  } finally {
    await context.close();
  }
};

const row = (label: string, values: number[], target: number) => {
  const value = median(values);
  return `| ${label} | ${Math.round(value)} ms | ${values.map(Math.round).join(', ')} | ${target === Infinity ? '' : `<= ${target} ms`} | ${target === Infinity ? '' : value <= target ? 'yes' : 'no'} |`;
};

const servers: ChildProcess[] = [];
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  if (!process.env.MOCK_START_SKIP_BUILD) build(['--config', PAGE_CONFIG]);
  const databasePage = await preview(['--config', PAGE_CONFIG]);
  servers.push(databasePage.child);
  const samples: Sample[] = [];
  for (let run = 0; run < runs; run += 1) samples.push(await measureDatabasePage(browser, databasePage.base));
  const lines = [
    `Mock mode start, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${runs} runs (median, then each run); load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)}`,
    '',
    '| What | Median | Runs | Target | Met |',
    '|---|---|---|---|---|',
    row('database page, cold: navigation to an open database', samples.map((sample) => sample.coldMs), TARGETS.coldMs),
    row('  of which opening the database (fetch and load the dump)', samples.map((sample) => sample.coldOpenMs), TARGETS.coldMs),
    row('  then saved in IndexedDB, in the background (navigation to saved)', samples.map((sample) => sample.savedMs), Infinity),
    row('database page, reload: navigation to the reopened database', samples.map((sample) => sample.reloadMs), TARGETS.reloadMs),
    row('  of which reopening the database', samples.map((sample) => sample.reloadOpenMs), TARGETS.reloadMs),
  ];
  if (process.env.MOCK_START_BUILD_APP) build(['--mode', 'mock', '--outDir', 'dist-mock']);
  if (existsSync('dist-mock/index.html')) {
    const app = await preview(['--outDir', 'dist-mock', '--mode', 'mock']);
    servers.push(app.child);
    const appSamples = [];
    for (let run = 0; run < runs; run += 1) appSamples.push(await measureMockApp(browser, app.base));
    const pglite = appSamples.every((sample) => sample.pglite);
    lines.push(
      row(`mock build, cold: navigation to an interactive login page${pglite ? '' : ' (this build does not open PGlite yet)'}`, appSamples.map((sample) => sample.coldMs), TARGETS.coldMs),
      row('mock build, reload: navigation to an interactive login page', appSamples.map((sample) => sample.reloadMs), TARGETS.reloadMs),
    );
  }
  console.info(lines.join('\n'));
} finally {
  await browser.close();
  for (const server of servers) server.kill();
}
