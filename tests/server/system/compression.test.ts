import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTestApp } from '../helpers/test-app';
import { addUser, authHeader, logActivity } from '../helpers/competition-seed';

const NOW = '2026-11-22T10:00:00Z';

/** Enough leaders that GET /leaders/top (a pre-serialized body written by the database) passes 1 KB. */
const seedLeaders = async (db: Awaited<ReturnType<typeof createTestApp>>['db']) => {
  const viewer = await addUser(db);
  for (let index = 1; index <= 12; index += 1) await logActivity(db, (await addUser(db, { level: 'Advanced' })).id, '2026-05-01', index);
  return viewer;
};

describe('API compression', () => {
  test('a pre-serialized JSON body above 1 KB is sent as brotli or gzip when asked, and decodes to the same JSON', async () => {
    const { app, db, config, clock } = await createTestApp({ now: NOW });
    const headers = await authHeader(db, await seedLeaders(db), config, clock.now());
    const plain = await app.inject({ method: 'GET', url: '/api/leaders/top', headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await app.inject({ method: 'GET', url: '/api/leaders/top', headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.headers['content-type']).toContain('application/json');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzip = await app.inject({ method: 'GET', url: '/api/leaders/top', headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
    await app.close();
  });

  test('a client that sends no Accept-Encoding (benchmarks, curl) and small answers get plain bytes', async () => {
    const { app, db, config, clock } = await createTestApp({ now: NOW });
    const headers = await authHeader(db, await seedLeaders(db), config, clock.now());
    const plain = await app.inject({ method: 'GET', url: '/api/leaders/top', headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveProperty('Advanced');
    const identity = await app.inject({ method: 'GET', url: '/api/leaders/top', headers: { ...headers, 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    const small = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
    await app.close();
  });

  test('a gzipped request body is not inflated (the body limit counts what arrives): it is not JSON, so 400', async () => {
    const { app } = await createTestApp({ now: NOW });
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'Not-the-password-1' });
    const plain = await app.inject({ method: 'POST', url: '/api/auth/signin', headers: { 'content-type': 'application/json' }, payload: body });
    expect(plain.statusCode).toBe(401);
    const zipped = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(body),
    });
    expect(zipped.statusCode).toBe(400);
    await app.close();
  });
});
