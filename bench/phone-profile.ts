/**
 * Where a phone's main-thread time goes: a Chromium CPU profile (4x CPU slowdown, a phone's viewport)
 * of one page load signed in, or of a click on the dashboard, with the self time of every sample
 * traced back through dist/'s source maps to its package or source file and its function.
 * Lighthouse says how long the tasks were; this says whose code ran in them.
 *
 *   npm run bench:phone-profile           PROFILE_PAGE=/employee/dashboard (or /leaderboard, /employee/activity-feed, / signed out)
 *                                         PROFILE_ACTION=next-month|add-activity (profile that click instead of the load)
 *                                         PROFILE_DATA_DIR=/tmp/wc-phone-profile (seeded once, kept between runs)
 *                                         PROFILE_RUNS=3 (profiles summed), PROFILE_TOP=25
 *                                         PROFILE_FRAMES=1 (also every long animation frame of 50 ms or more, its
 *                                         blocking and style-and-layout time and the scripts that ran in it:
 *                                         which code made each long task)
 * Uses the current dist/ (build it first: `node scripts/start.mjs --build-only`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { PHONE_EMAIL, PHONE_PASSWORD, seedPhoneData } from './lib/phone-seed';
import { freePort, startServer, waitReady } from './lib/server-process';

const path = process.env.PROFILE_PAGE ?? '/employee/dashboard';
const action = process.env.PROFILE_ACTION;
const dataDir = process.env.PROFILE_DATA_DIR ?? '/tmp/wc-phone-profile';
const runs = Number(process.env.PROFILE_RUNS ?? 3);
const top = Number(process.env.PROFILE_TOP ?? 25);

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const maps = new Map<string, SourceMapConsumer | null>();
const mapOf = (url: string) => {
  if (!maps.has(url)) {
    const file = join('dist', new URL(url).pathname + '.map');
    maps.set(url, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null);
  }
  return maps.get(url);
};

/** `node_modules/<package>` or the source file; the function by its original name where the map has one. */
const whereOf = ({ url, functionName, lineNumber, columnNumber }: Node['callFrame']) => {
  if (!url) return { module: functionName ? `(${functionName})` : '(browser)', fn: functionName || '(anonymous)' };
  // A frame without a position (line -1: e.g. a module's top level as V8 names it) maps to nothing.
  const map = url.includes('/assets/') && lineNumber >= 0 ? mapOf(url) : null;
  if (!map) return { module: url.replace(/^https?:\/\/[^/]+/, ''), fn: functionName || '(anonymous)' };
  const original = map.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
  const file = url.split('/').at(-1);
  if (!original.source)
    return { module: `${file} (unmapped)`, fn: `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber}` };
  const source = original.source.replace(/^(\.\.\/)+/, '');
  const packageName = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  const module = packageName ? `node_modules/${packageName}` : source;
  return { module, fn: `${original.name ?? functionName ?? '(anonymous)'} ${source.split('/').slice(-2).join('/')}:${original.line}` };
};

const selfTimes = (profile: Profile, byModule: Map<string, number>, byFunction: Map<string, number>) => {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const node = nodes.get(id)!;
    if (node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') return;
    const { module, fn } = whereOf(node.callFrame);
    byModule.set(module, (byModule.get(module) ?? 0) + ms);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  });
};

/** Collects the page's long animation frames (Chromium's Long Animation Frames API) from its first script on. */
const FRAME_OBSERVER = `window.__longFrames = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longFrames.push(entry.toJSON()); }).observe({ type: 'long-animation-frame', buffered: true });`;

type LongFrame = {
  startTime: number;
  duration: number;
  blockingDuration: number;
  styleAndLayoutStart: number;
  scripts: { duration: number; invokerType: string; invoker: string; sourceURL: string; sourceCharPosition: number; forcedStyleAndLayoutDuration: number }[];
};

const builtFiles = new Map<string, string>();
const builtFile = (url: string) => {
  if (!builtFiles.has(url)) builtFiles.set(url, readFileSync(join('dist', new URL(url).pathname), 'utf8'));
  return builtFiles.get(url)!;
};

/** A script's place in the sources: its character offset in the built file, through that file's map. */
const scriptSource = (url: string, charPosition: number) => {
  const map = url.includes('/assets/') && charPosition >= 0 ? mapOf(url) : null;
  if (!map) return url.replace(/^https?:\/\/[^/]+/, '');
  const before = builtFile(url).slice(0, charPosition);
  const original = map.originalPositionFor({ line: before.split('\n').length, column: charPosition - before.lastIndexOf('\n') - 1 });
  return original.source ? `${original.source.replace(/^(\.\.\/)+/, '')}:${original.line}` : url.split('/').at(-1)!;
};

const printLongFrames = (frames: LongFrame[], run: number) => {
  for (const frame of frames.filter((entry) => entry.duration >= 50)) {
    const styleAndLayout = frame.styleAndLayoutStart ? frame.startTime + frame.duration - frame.styleAndLayoutStart : 0;
    console.info(`[frames] run ${run + 1}: at ${frame.startTime.toFixed(0)} ms, ${frame.duration.toFixed(0)} ms (blocking ${frame.blockingDuration.toFixed(0)}, style and layout ${styleAndLayout.toFixed(0)})`);
    for (const script of frame.scripts)
      console.info(`[frames]     ${script.duration.toFixed(0)} ms ${script.invokerType} ${script.invoker} at ${scriptSource(script.sourceURL, script.sourceCharPosition)} (forced layout ${script.forcedStyleAndLayoutDuration.toFixed(0)} ms)`);
  }
};

const clickAction = async (page: Page) => {
  if (action === 'next-month') return page.getByRole('button', { name: 'Next month' }).click();
  await page.locator('td.fc-day-today button.wc-day-compact').click();
  await page.getByRole('button', { name: 'Add new activity' }).waitFor();
  await page.waitForTimeout(300);
  return page.getByRole('button', { name: 'Add new activity' }).click();
};

const main = async () => {
  if (!existsSync(join(dataDir, 'db'))) await seedPhoneData(dataDir);
  const port = await freePort();
  const server = startServer({ PORT: String(port), DATA_DIR: dataDir, SIGNUP_MODE: 'open' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  try {
    await waitReady(server);
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
        serviceWorkers: 'block',
      });
      if (path !== '/') {
        const signin = await context.request.post(`${server.base}/api/auth/signin`, {
          data: { email: PHONE_EMAIL, password: PHONE_PASSWORD },
        });
        if (!signin.ok()) throw new Error(`sign-in failed: ${signin.status()}`);
      }
      if (process.env.PROFILE_FRAMES === '1') await context.addInitScript(FRAME_OBSERVER);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      if (action) {
        await page.goto(`${server.base}${path}`);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(500);
      }
      await cdp.send('Profiler.start');
      const started = Date.now();
      if (action) await clickAction(page);
      else await page.goto(`${server.base}${path}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      selfTimes(profile, byModule, byFunction);
      if (process.env.PROFILE_FRAMES === '1') printLongFrames(await page.evaluate(() => (window as unknown as { __longFrames: LongFrame[] }).__longFrames), run);
      console.info(`[profile] run ${run + 1}: ${Date.now() - started} ms wall`);
      await context.close();
    }
    total = [...byModule.values()].reduce((sum, ms) => sum + ms, 0);
    const print = (title: string, table: Map<string, number>) => {
      console.info(`\n${title} (self time, ms per run at 4x CPU; all: ${(total / runs).toFixed(0)} ms)`);
      for (const [name, ms] of [...table].sort((a, b) => b[1] - a[1]).slice(0, top))
        console.info(`${(ms / runs).toFixed(1).padStart(8)}  ${name}`);
    };
    print(`By package or file: ${action ?? 'load'} ${path}`, byModule);
    print('By function', byFunction);
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    await server.exited;
  }
};

await main();
