import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthSession } from '@/contract/auth';
import { memoryMetrics } from '../../../mocks/stand-ins/metrics';
import { wasmPasswords } from '../../../mocks/stand-ins/passwords';
import { memoryPhotoStore } from '../../../mocks/stand-ins/photos';
import { createTestApp, testDatabase } from '../helpers/test-app';
import { PASSWORD, fields, multipart, pngBytes, seedUser } from './fixtures';

/*
 * The app built with the browser host's stand-ins (WebAssembly argon2id, photos in memory, counters
 * in memory) behaves as with Node's: sign-up with a photo, the photo served back, sign-in, and
 * accounts whose hashes Node made.
 */
beforeAll(async () => {
  await testDatabase();
});

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'wc-stand-ins-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const setup = (photos = memoryPhotoStore()) =>
  createTestApp({ now: '2026-11-22T10:00:00Z', config: { dataDir }, passwords: wasmPasswords, photos, metrics: memoryMetrics() });

const newcomer = { firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1991-02-03', gender: 'female', email: 'ann@example.com', password: 'long enough password', levelOfCompetition: 'Advanced' };

describe('buildApp with the browser stand-ins', () => {
  test('signs up with a photo kept in the page store, serves it, and signs the newcomer in', async () => {
    const photos = memoryPhotoStore();
    const { app } = await setup(photos);
    const photo = pngBytes(3_000);
    const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', ...multipart([...fields(newcomer), { name: 'photo', filename: 'me.png', contentType: 'image/png', data: photo }]) });
    expect(signup.statusCode).toBe(201);
    const picture = AuthSession.parse(signup.json()).user.profilePicture!;
    const name = picture.replace('/api/uploads/', '');
    expect(Buffer.from((await photos.read(name))!).equals(photo)).toBe(true);
    expect(readdirSync(dataDir)).not.toContain('uploads'); // nothing reached the disk

    const served = await app.inject({ method: 'GET', url: picture });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(photo)).toBe(true);
    expect((await app.inject({ method: 'GET', url: `/api/uploads/${'0'.repeat(32)}.png` })).statusCode).toBe(404);

    const signin = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: newcomer.email, password: newcomer.password } });
    expect(signin.statusCode).toBe(200);
    await app.close();
  });

  test('signs in an account whose password Node hashed, and refuses a wrong password', async () => {
    const { app, db } = await setup();
    await seedUser(db, { email: 'jane@example.com' });
    expect((await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'jane@example.com', password: PASSWORD } })).statusCode).toBe(200);
    const wrong = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'jane@example.com', password: `${PASSWORD}!` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ serverCode: 'INVALID_CREDENTIALS' });
    await app.close();
  });
});
