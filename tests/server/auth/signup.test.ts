import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { userLevels } from '../../../server/db/schema';
import { AuthSession } from '@/contract/auth';
import { createTestApp, testDatabase } from '../helpers/test-app';
import { fields, jpegBytes, multipart, pngBytes, refreshCookie, seedUser, snapshot } from './fixtures';

// Opening PGlite takes seconds on a busy machine: do it in a hook (60 s budget), not in the first test.
beforeAll(async () => {
  await testDatabase();
});

const good = {
  firstName: 'Ann',
  lastName: 'Lee',
  dateOfBirth: '1991-02-03',
  gender: 'female',
  email: 'Ann.Lee@Example.com',
  password: 'long enough password',
  levelOfCompetition: 'Advanced',
};

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'wc-signup-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const uploads = () => {
  try {
    return readdirSync(join(dataDir, 'uploads'));
  } catch {
    return [];
  }
};

const setup = async () => createTestApp({ now: '2026-11-22T10:00:00Z', config: { dataDir } });

describe('POST /api/auth/signup', () => {
  test('creates a user with the level of the current competition year, signs in, and serves the photo back', async () => {
    const { app, db } = await setup();
    const photo = pngBytes(5_000);
    const form = multipart([...fields(good), { name: 'photo', filename: 'me.png', contentType: 'image/png', data: photo }]);
    const response = await app.inject({ method: 'POST', url: '/api/auth/signup', ...form });
    expect(response.statusCode).toBe(201);
    const session = AuthSession.parse(response.json());
    expect(session.user).toMatchObject({
      role: 'user',
      email: 'ann.lee@example.com',
      firstName: 'Ann',
      levelOfCompetition: 'Advanced',
      isPrivateActivity: false,
      quarterlyBonus: { firstQuarter: false, secondQuarter: false, thirdQuarter: false, fourthQuarter: false },
    });
    expect(session.user.profilePicture).toMatch(/^\/api\/uploads\/[a-f0-9]{32}\.png$/);
    expect(refreshCookie(response)?.value).toBeTruthy();
    expect(await db.select().from(userLevels)).toEqual([{ userId: session.user.id, competitionYear: 2026, levelOfCompetition: 'Advanced' }]);
    expect(uploads()).toHaveLength(1);

    const served = await app.inject({ method: 'GET', url: session.user.profilePicture! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(photo)).toBe(true);
    await app.close();
  });

  test('a JPEG named .png is stored as .jpg (type from content), and no photo means null', async () => {
    const { app } = await setup();
    const withJpeg = multipart([...fields(good), { name: 'photo', filename: 'me.png', contentType: 'image/png', data: jpegBytes() }]);
    const first = await app.inject({ method: 'POST', url: '/api/auth/signup', ...withJpeg });
    expect(first.json().user.profilePicture).toMatch(/\.jpg$/);
    const served = await app.inject({ method: 'GET', url: first.json().user.profilePicture });
    expect(served.headers['content-type']).toBe('image/jpeg');
    const second = await app.inject({ method: 'POST', url: '/api/auth/signup', ...multipart(fields({ ...good, email: 'other@example.com' })) });
    expect(second.statusCode).toBe(201);
    expect(second.json().user.profilePicture).toBeNull();
    await app.close();
  });

  test('a photo of exactly 1,000,000 bytes is accepted', async () => {
    const { app } = await setup();
    const form = multipart([...fields(good), { name: 'photo', filename: 'me.jpeg', contentType: 'image/jpeg', data: jpegBytes(1_000_000) }]);
    expect((await app.inject({ method: 'POST', url: '/api/auth/signup', ...form })).statusCode).toBe(201);
    await app.close();
  });

  const rejected: [string, Parameters<typeof multipart>[0], number, string, string][] = [
    ['photo over 1,000,000 bytes', [...fields(good), { name: 'photo', filename: 'big.png', contentType: 'image/png', data: pngBytes(1_000_001) }], 400, 'PHOTO_TOO_LARGE', 'The size of your photo is more than 1 MB'],
    ['photo of 3 MB', [...fields(good), { name: 'photo', filename: 'huge.jpg', contentType: 'image/jpeg', data: jpegBytes(3_000_000) }], 400, 'PHOTO_TOO_LARGE', 'The size of your photo is more than 1 MB'],
    ['two photos', [...fields(good), { name: 'photo', filename: 'a.png', contentType: 'image/png', data: pngBytes() }, { name: 'photo', filename: 'b.png', contentType: 'image/png', data: pngBytes() }], 400, 'VALIDATION_FAILED', 'Only one photo can be uploaded'],
    ['text renamed .png', [...fields(good), { name: 'photo', filename: 'fake.png', contentType: 'image/png', data: Buffer.from('just some text, not an image') }], 400, 'PHOTO_TYPE_NOT_ALLOWED', 'The photo must be a PNG or JPEG image (.png, .jpg, .jpeg)'],
    ['a GIF', [...fields(good), { name: 'photo', filename: 'a.gif', contentType: 'image/gif', data: Buffer.from('GIF89a-----------') }], 400, 'PHOTO_TYPE_NOT_ALLOWED', 'The photo must be a PNG or JPEG image (.png, .jpg, .jpeg)'],
    ['a file under another field name', [...fields(good), { name: 'avatar', filename: 'a.png', contentType: 'image/png', data: pngBytes() }], 400, 'VALIDATION_FAILED', 'Unexpected file field "avatar": only "photo" is accepted'],
    ['missing first name', fields({ ...good, firstName: '' }), 400, 'VALIDATION_FAILED', 'Please enter your first name'],
    ['missing every field', [], 400, 'VALIDATION_FAILED', 'Please enter your first name (and 6 more)'],
    ['invalid e-mail', fields({ ...good, email: 'ann' }), 400, 'VALIDATION_FAILED', 'Email is invalid'],
    ['short password', fields({ ...good, password: 'short' }), 400, 'VALIDATION_FAILED', 'Password must be at least 8 characters'],
    ['unknown gender', fields({ ...good, gender: 'robot' }), 400, 'VALIDATION_FAILED', 'Please select your gender'],
    ['unknown level', fields({ ...good, levelOfCompetition: 'Legend' }), 400, 'VALIDATION_FAILED', 'Please select your level of competition'],
    ['birth date in the future', fields({ ...good, dateOfBirth: '2999-01-01' }), 400, 'VALIDATION_FAILED', 'Please enter choose your date of birth'],
    ['birth date that does not exist', fields({ ...good, dateOfBirth: '1990-02-30' }), 400, 'VALIDATION_FAILED', 'Please enter choose your date of birth'],
  ];

  test.each(rejected)('%s -> %i %s, nothing stored', async (_, parts, status, serverCode, message) => {
    const { app, db } = await setup();
    const before = await snapshot(db);
    const response = await app.inject({ method: 'POST', url: '/api/auth/signup', ...multipart(parts) });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ statusCode: status, serverCode, message });
    expect(refreshCookie(response)).toBeUndefined();
    expect(await snapshot(db)).toEqual(before);
    expect(uploads()).toEqual([]);
    await app.close();
  });

  test('field errors come with issues per field, for the form', async () => {
    const { app } = await setup();
    const response = await app.inject({ method: 'POST', url: '/api/auth/signup', ...multipart(fields({ ...good, firstName: '', email: 'x' })) });
    expect(response.json().issues).toEqual([
      { path: 'firstName', message: 'Please enter your first name' },
      { path: 'email', message: 'Email is invalid' },
    ]);
    await app.close();
  });

  test('duplicate e-mail (any case) -> 409 EMAIL_TAKEN, nothing stored, photo not kept', async () => {
    const { app, db } = await setup();
    await seedUser(db, { email: 'ann.lee@example.com' });
    const before = await snapshot(db);
    const form = multipart([...fields(good), { name: 'photo', filename: 'me.png', contentType: 'image/png', data: pngBytes() }]);
    const response = await app.inject({ method: 'POST', url: '/api/auth/signup', ...form });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ statusCode: 409, serverCode: 'EMAIL_TAKEN', message: 'An account with this email already exists' });
    expect(await snapshot(db)).toEqual(before);
    expect(uploads()).toEqual([]);
    await app.close();
  });

  test('two sign-ups with one e-mail at once: one wins, the other gets 409 and leaves no photo', async () => {
    const { app, db } = await setup();
    const send = () =>
      app.inject({ method: 'POST', url: '/api/auth/signup', ...multipart([...fields(good), { name: 'photo', filename: 'me.png', contentType: 'image/png', data: pngBytes() }]) });
    const statuses = (await Promise.all([send(), send()])).map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    expect((await snapshot(db)).users).toHaveLength(1);
    expect(uploads()).toHaveLength(1);
    await app.close();
  });

  test('uploads are only served under generated names', async () => {
    const { app } = await setup();
    for (const url of ['/api/uploads/..%2Fjwt-secret', '/api/uploads/passwd', `/api/uploads/${'a'.repeat(32)}.png`]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ serverCode: 'NOT_FOUND' });
    }
    await app.close();
  });
});
