import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../server/app';
import { bootstrapAdmin } from '../../../server/modules/auth/bootstrap-admin';
import { verifyPassword } from '../../../server/passwords/argon2';
import { testConfig } from '../../../server/config';
import { users } from '../../../server/db/schema';
import { memoryMailer } from '@/domain/mail';
import { outboxMailer } from '../../../server/mail/transport';
import { fixedClock } from '@/domain/clock';
import { createTestApp, testDatabase } from '../helpers/test-app';

// Opening PGlite takes seconds on a busy machine: do it in a hook (60 s budget), not in the first test.
beforeAll(async () => {
  await testDatabase();
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wc-system-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('health, readiness, client config', () => {
  test('GET /api/health and /api/ready answer when the database does', async () => {
    const { app } = await createTestApp();
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    await app.close();
  });

  test('GET /api/ready is 503 when the database does not answer; health stays 200', async () => {
    const database = await testDatabase();
    const app = await buildApp({
      db: database.db,
      clock: fixedClock('2026-11-22T10:00:00Z'),
      config: testConfig(),
      mailer: memoryMailer(),
      ping: () => Promise.reject(new Error('connection refused')),
    });
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ statusCode: 503, serverCode: 'INTERNAL_ERROR', message: 'The database is not reachable' });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await app.close();
  });

  test('GET /api/config: tracker client ids when configured, null otherwise; never the secrets', async () => {
    const strava = {
      clientId: '123',
      clientSecret: 'shh-secret',
      oauthBaseUrl: 'https://strava.test',
      apiBaseUrl: 'https://strava.test/api/v3',
      revokeUrl: 'https://strava.test/oauth/deauthorize',
      webhookVerifyToken: 'also-secret',
      webhookCallbackUrl: 'http://localhost:3000/api/trackers/strava/webhook',
      authorizeUrl: 'https://strava.test/oauth/authorize',
    };
    const { app } = await createTestApp({ config: { strava } });
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toEqual({ strava: { clientId: '123', authorizeUrl: 'https://strava.test/oauth/authorize' }, fitbit: null, polar: null });
    expect(response.body).not.toContain('shh-secret');
    await app.close();
  });
});

describe('security headers, OpenAPI and the SPA', () => {
  test('every response carries CSP, nosniff, frame and referrer policies', async () => {
    const { app } = await createTestApp();
    for (const url of ['/api/health', '/api/nope']) {
      const { headers } = await app.inject({ method: 'GET', url });
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
      expect(headers['content-security-policy']).toContain("object-src 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['cache-control']).toBe('no-store');
    }
    await app.close();
  });

  test('the OpenAPI document is generated from the contract and the reference page is served', async () => {
    const { app } = await createTestApp();
    const document = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    const spec = document.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.paths['/api/auth/signin'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect(spec.paths['/api/auth/reset-password'].put).toBeDefined();
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    await app.close();
  });

  test('serves the built SPA with history fallback; unknown /api paths stay JSON 404', async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Wellness</title>');
    writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(join(dir, 'outside.txt'), 'x');
    const { app } = await createTestApp({ config: { staticDir: dir } });

    for (const url of ['/', '/employee/dashboard', '/reset-password?token=abc', '/admin/users/3/workouts']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>Wellness</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');

    const traversal = await app.inject({ method: 'GET', url: '/assets/..%2F..%2Fetc%2Fpasswd' });
    expect(traversal.statusCode).toBe(404); // never leaves the folder
    expect(traversal.body).not.toContain('root:');

    for (const [method, url] of [['GET', '/api/unknown'], ['GET', '/api'], ['POST', '/anything']] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, serverCode: 'NOT_FOUND' });
    }
    await app.close();
  });
});

describe('static assets after a deploy', () => {
  let assetsDir: string;
  beforeEach(() => {
    assetsDir = mkdtempSync(join(tmpdir(), 'wc-assets-'));
    mkdirSync(join(assetsDir, 'assets'));
    writeFileSync(join(assetsDir, 'index.html'), '<!doctype html><title>Wellness</title>');
    writeFileSync(join(assetsDir, 'assets', 'index-abc.js'), 'console.log("plain")');
    writeFileSync(join(assetsDir, 'assets', 'index-abc.js.br'), 'BROTLI');
    writeFileSync(join(assetsDir, 'assets', 'index-abc.js.gz'), 'GZIP');
    writeFileSync(join(assetsDir, 'assets', 'index-abc.js.map'), '{"version":3}');
  });
  afterEach(() => rmSync(assetsDir, { recursive: true, force: true }));

  test('a missing asset is a 404, never index.html (a stale tab must not run HTML as JavaScript)', async () => {
    const { app } = await createTestApp({ config: { staticDir: assetsDir } });
    for (const url of ['/assets/index-old.js', '/assets/style-old.css', '/favicon-missing.png']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).not.toContain('text/html');
    }
    await app.close();
  });

  test('precompressed copies are sent to clients that accept them, with Vary: Accept-Encoding', async () => {
    const { app } = await createTestApp({ config: { staticDir: assetsDir } });
    const brotli = await app.inject({ method: 'GET', url: '/assets/index-abc.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body).toBe('BROTLI');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.headers['content-type']).toContain('javascript');
    const gzip = await app.inject({ method: 'GET', url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toBe('GZIP');
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("plain")');
    expect(plain.headers.vary).toContain('accept-encoding');
    await app.close();
  });

  test('source maps are built but not served unless SERVE_SOURCE_MAPS is set', async () => {
    const hidden = await createTestApp({ config: { staticDir: assetsDir } });
    expect((await hidden.app.inject({ method: 'GET', url: '/assets/index-abc.js.map' })).statusCode).toBe(404);
    await hidden.app.close();
    const shown = await createTestApp({ config: { staticDir: assetsDir, serveSourceMaps: true } });
    expect((await shown.app.inject({ method: 'GET', url: '/assets/index-abc.js.map' })).statusCode).toBe(200);
    await shown.app.close();
  });
});

describe('start-up: first admin and mail outbox', () => {
  const log = { info: () => {}, warn: () => {} };
  const now = new Date('2026-11-22T10:00:00Z');

  test('an empty database gets admin@localhost with a random password, printed once', async () => {
    const { db } = await createTestApp();
    const printed: string[] = [];
    await bootstrapAdmin(db, testConfig(), now, log, (line) => printed.push(line));
    await bootstrapAdmin(db, testConfig(), now, log, (line) => printed.push(line));
    expect(printed).toHaveLength(1);
    const password = /password: (\S+)/.exec(printed[0]!)![1]!;
    const rows = await db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'admin@localhost', role: 'admin' });
    expect(await verifyPassword(rows[0]!.passwordHash, password)).toBe(true);
  });

  test('ADMIN_EMAIL/ADMIN_PASSWORD create that admin when missing, and leave it alone afterwards', async () => {
    const { app, db } = await createTestApp();
    const config = testConfig({ adminEmail: 'Boss@Example.com', adminPassword: 'boss password 1' });
    const printed: string[] = [];
    await bootstrapAdmin(db, config, now, log, (line) => printed.push(line));
    await bootstrapAdmin(db, testConfig({ adminEmail: 'boss@example.com', adminPassword: 'changed' }), now, log, (line) => printed.push(line));
    expect(printed).toEqual([]);
    const signin = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'boss@example.com', password: 'boss password 1' } });
    expect(signin.statusCode).toBe(200);
    expect(signin.json().user.role).toBe('admin');
    await app.close();
  });

  test('without SMTP, mail becomes an .eml file; the log has the path and the masked recipient, never the link', async () => {
    const lines: unknown[] = [];
    const mailer = outboxMailer(dir, 'Wellness <no-reply@localhost>', { info: (object, message) => lines.push({ ...object, message }) });
    await mailer.send({ to: 'jane@example.com', subject: 'Reset', text: 'http://localhost:3000/reset-password?token=SECRET-TOKEN' });
    const files = readdirSync(join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(readFileSync(join(dir, 'outbox', files[0]!), 'utf8')).toContain('reset-password?token=SECRET-TOKEN');
    expect(lines).toEqual([{ file: join(dir, 'outbox', files[0]!), to: 'j***@example.com', message: expect.any(String) }]);
    expect(JSON.stringify(lines)).not.toContain('jane@');
    expect(JSON.stringify(lines)).not.toContain('SECRET-TOKEN');
  });

  test('an outbox .eml is readable as it is: a long link on one line, no quoted-printable, non-ASCII as written', async () => {
    const mailer = outboxMailer(dir, 'Wellness <no-reply@localhost>', { info: () => undefined });
    const link = `http://localhost:3000/confirm-email?token=${'aZ09_-'.repeat(12)}`;
    await mailer.send({ to: 'zoe@example.com', subject: 'Confirm', text: `Hello Zoë,\n\nPlease confirm your e-mail address: ${link}\n`, html: `<p>Hello Zoë,</p><p><a href="${link}">Confirm my e-mail address</a></p>` });
    const [file] = readdirSync(join(dir, 'outbox'));
    const eml = readFileSync(join(dir, 'outbox', file!), 'utf8');
    expect(eml).toContain(`Please confirm your e-mail address: ${link}\n`);
    expect(eml).toContain(`<a href="${link}">`);
    expect(eml).toContain('Hello Zoë,');
    expect(eml).not.toMatch(/quoted-printable|=3D|=\n/);
  });
});
