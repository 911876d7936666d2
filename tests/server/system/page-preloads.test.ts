import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, testDatabase } from '../helpers/test-app';

/**
 * A signed-in page's first load names its files in its HTML (build/route-preloads.ts writes the
 * lists), so a phone fetches them beside the entry instead of one layer of imports after another.
 */
beforeAll(async () => {
  await testDatabase();
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wc-preloads-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>Wellness</title></head><body></body></html>');
  writeFileSync(
    join(dir, 'route-preloads.json'),
    JSON.stringify({ '/employee/dashboard': ['/assets/route-A1.js', '/assets/shared-B2.js', '/assets/"><script>x</script>.js'] }),
  );
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const signedIn = { cookie: 'wc_session=1' };
const preloads = (body: string) => [...body.matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

describe('index.html of a signed-in page names the files its first load needs', () => {
  test('the dashboard signed in: its files as module preloads in the head; the page is otherwise index.html', async () => {
    const { app } = await createTestApp({ config: { staticDir: dir } });
    for (const url of ['/employee/dashboard', '/employee/dashboard/', '/employee/dashboard?month=2026-11']) {
      const page = await app.inject({ method: 'GET', url, headers: signedIn });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers.vary).toContain('Cookie');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(preloads(page.body)).toEqual(['/assets/route-A1.js', '/assets/shared-B2.js']);
      expect(page.body).toMatch(/<title>Wellness<\/title><link rel="modulepreload"[^]*<\/head><body>/);
      expect(page.body).not.toContain('<script>');
    }
    await app.close();
  });

  test('a guest, or a page without a list, gets index.html as it is', async () => {
    const { app } = await createTestApp({ config: { staticDir: dir } });
    const guest = await app.inject({ method: 'GET', url: '/employee/dashboard' });
    expect(guest.statusCode).toBe(200);
    expect(preloads(guest.body)).toEqual([]);
    expect(guest.body).toContain('<title>Wellness</title>');
    for (const url of ['/', '/leaderboard']) {
      const page = await app.inject({ method: 'GET', url, headers: signedIn });
      expect(page.statusCode).toBe(200);
      expect(preloads(page.body)).toEqual([]);
    }
    await app.close();
  });

  test('a build without the lists serves index.html everywhere', async () => {
    rmSync(join(dir, 'route-preloads.json'));
    const { app } = await createTestApp({ config: { staticDir: dir } });
    const page = await app.inject({ method: 'GET', url: '/employee/dashboard', headers: signedIn });
    expect(page.statusCode).toBe(200);
    expect(preloads(page.body)).toEqual([]);
    await app.close();
  });
});
