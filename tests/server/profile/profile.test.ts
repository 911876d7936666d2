import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { signedInToken } from '../../support/signed-in-token';
import type { Db } from '../../../server/db/client';
import { userLevels, users } from '../../../server/db/schema';
import { User } from '@/contract/users';
import { PHOTO_TOO_LARGE_MESSAGE } from '@/contract/fields';
import { fields, multipart, pngBytes } from '../auth/fixtures';
import { createTestApp } from '../helpers/test-app';
import { sweepOrphanPhotos } from '../../../server/photos/disk-photo-store';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'wc-profile-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
const uploads = () => {
  try {
    return readdirSync(join(dataDir, 'uploads')).sort();
  } catch {
    return [];
  }
};

const seed = async (db: Db, email: string, role: 'user' | 'admin' = 'user') => {
  const [row] = await db
    .insert(users)
    .values({ role, email, passwordHash: 'x', firstName: 'Jane', lastName: 'Doe', dateOfBirth: '1990-05-01', gender: 'female', levelOfCompetition: 'Beginner' })
    .returning();
  await db.insert(userLevels).values([
    { userId: row!.id, competitionYear: 2025, levelOfCompetition: 'Beginner' },
    { userId: row!.id, competitionYear: 2026, levelOfCompetition: 'Beginner' },
  ]);
  return row!;
};

const as = (ctx: Ctx, person: { id: number; role: 'user' | 'admin' }) => async (options: InjectOptions) => {
  const token = await signedInToken(ctx.db, ctx.config, person, ctx.clock.now());
  return ctx.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
};

const put = (ctx: Ctx, person: { id: number; role: 'user' | 'admin' }, id: number, form: ReturnType<typeof multipart>) =>
  as(ctx, person)({ method: 'PUT', url: `/api/users/${id}/profile`, payload: form.payload, headers: form.headers });

const setup = async (now = '2026-11-22T10:00:00Z') => {
  const ctx = await createTestApp({ now, config: { dataDir } });
  const jane = await seed(ctx.db, 'jane@example.com');
  const olga = await seed(ctx.db, 'olga@example.com');
  return { ctx, jane, olga };
};

describe('GET /api/users/:id/profile', () => {
  test('a user reads their own profile; another id answers 404; an admin may read any', async () => {
    const { ctx, jane, olga } = await setup();
    const own = await as(ctx, jane)({ method: 'GET', url: `/api/users/${jane.id}/profile` });
    expect(own.statusCode).toBe(200);
    expect(User.parse(own.json())).toMatchObject({ id: jane.id, email: 'jane@example.com', levelOfCompetition: 'Beginner', isPrivateActivity: false });

    const other = await as(ctx, jane)({ method: 'GET', url: `/api/users/${olga.id}/profile` });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ serverCode: 'NOT_FOUND', message: 'User not found' });

    const admin = await seed(ctx.db, 'boss@example.com', 'admin');
    const read = await as(ctx, admin)({ method: 'GET', url: `/api/users/${olga.id}/profile` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: olga.id });
    expect((await as(ctx, admin)({ method: 'GET', url: '/api/users/9999/profile' })).statusCode).toBe(404);
  });

  test('without a token answers 401', async () => {
    const { ctx, jane } = await setup();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/users/${jane.id}/profile` })).statusCode).toBe(401);
  });
});

describe('PUT /api/users/:id/profile', () => {
  test('merges only the submitted fields into the stored profile', async () => {
    const { ctx, jane } = await setup();
    const response = await put(ctx, jane, jane.id, multipart(fields({ firstName: 'Janet', isPrivateActivity: 'true' })));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Janet', lastName: 'Doe', email: 'jane@example.com', dateOfBirth: '1990-05-01', isPrivateActivity: true });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, jane.id));
    expect(row).toMatchObject({ firstName: 'Janet', lastName: 'Doe', isPrivateActivity: true, gender: 'female' });
    expect(row!.updatedAt.toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });

  test("another user's id answers 404 and changes nothing, even for an admin", async () => {
    const { ctx, jane, olga } = await setup();
    const response = await put(ctx, jane, olga.id, multipart(fields({ firstName: 'Hacked' })));
    expect(response.statusCode).toBe(404);
    const admin = await seed(ctx.db, 'boss@example.com', 'admin');
    expect((await put(ctx, admin, olga.id, multipart(fields({ firstName: 'Hacked' })))).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, olga.id));
    expect(row!.firstName).toBe('Jane');
  });

  test('invalid fields answer 400 with the form messages and change nothing', async () => {
    const { ctx, jane } = await setup();
    const response = await put(ctx, jane, jane.id, multipart(fields({ firstName: '', email: 'nope', isPrivateActivity: 'maybe' })));
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: 'firstName', message: 'Please enter your first name' },
      { path: 'email', message: 'Email is invalid' },
      { path: 'isPrivateActivity', message: 'Please choose, if you want to share your activity' },
    ]);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, jane.id));
    expect(row!.firstName).toBe('Jane');
  });

  test('an e-mail of another account answers 409 EMAIL_TAKEN; a free one waits, lower-case, for its confirmation link', async () => {
    const { ctx, jane } = await setup();
    const taken = await put(ctx, jane, jane.id, multipart(fields({ email: 'OLGA@example.com', lastName: 'Smith' })));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ serverCode: 'EMAIL_TAKEN', message: 'An account with this email already exists' });
    const [unchanged] = await ctx.db.select().from(users).where(eq(users.id, jane.id));
    expect(unchanged!.lastName).toBe('Doe');

    const free = await put(ctx, jane, jane.id, multipart(fields({ email: 'Jane.New@Example.com' })));
    expect(free.statusCode).toBe(200);
    // The address changes once its owner opens the link (tests/server/access/email-change.test.ts).
    expect(free.json().email).toBe('jane@example.com');
    const [pending] = await ctx.db.select({ pendingEmail: users.pendingEmail }).from(users).where(eq(users.id, jane.id));
    expect(pending!.pendingEmail).toBe('jane.new@example.com');
    // Sending one's own e-mail again is no conflict.
    expect((await put(ctx, jane, jane.id, multipart(fields({ email: 'jane@example.com' })))).statusCode).toBe(200);
  });

  test('level of competition outside 1-7 April answers 403 LEVEL_WINDOW_CLOSED and changes nothing', async () => {
    const { ctx, jane } = await setup('2026-11-22T10:00:00Z');
    const response = await put(ctx, jane, jane.id, multipart(fields({ levelOfCompetition: 'Elite', firstName: 'Janet' })));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      serverCode: 'LEVEL_WINDOW_CLOSED',
      message: 'You can change your level of competition only in the first week of the new competition year (1-7 April)',
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, jane.id));
    expect(row).toMatchObject({ levelOfCompetition: 'Beginner', firstName: 'Jane' });
    // The unchanged level may be sent along with other fields.
    expect((await put(ctx, jane, jane.id, multipart(fields({ levelOfCompetition: 'Beginner' })))).statusCode).toBe(200);
    ctx.clock.set('2027-04-08T00:00:00Z');
    expect((await put(ctx, jane, jane.id, multipart(fields({ levelOfCompetition: 'Elite' })))).statusCode).toBe(403);
  });

  test('inside the window a level change writes users and the current year level together; past years stay', async () => {
    const { ctx, jane } = await setup('2027-04-07T23:00:00Z');
    const response = await put(ctx, jane, jane.id, multipart(fields({ levelOfCompetition: 'Advanced' })));
    expect(response.statusCode).toBe(200);
    expect(response.json().levelOfCompetition).toBe('Advanced');
    const levels = await ctx.db.select().from(userLevels).where(eq(userLevels.userId, jane.id)).orderBy(asc(userLevels.competitionYear));
    expect(levels.map((level) => [level.competitionYear, level.levelOfCompetition])).toEqual([
      [2025, 'Beginner'],
      [2026, 'Beginner'],
      [2027, 'Advanced'],
    ]);
  });

  test('a photo is checked by content; a replaced photo file is removed', async () => {
    const { ctx, jane } = await setup();
    const fake = await put(ctx, jane, jane.id, multipart([{ name: 'photo', filename: 'me.png', contentType: 'image/png', data: Buffer.from('not an image at all') }]));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().serverCode).toBe('PHOTO_TYPE_NOT_ALLOWED');
    const big = await put(ctx, jane, jane.id, multipart([{ name: 'photo', filename: 'big.png', contentType: 'image/png', data: pngBytes(1_000_001) }]));
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ serverCode: 'PHOTO_TOO_LARGE', message: PHOTO_TOO_LARGE_MESSAGE });
    expect(uploads()).toEqual([]);

    const first = await put(ctx, jane, jane.id, multipart([{ name: 'photo', filename: 'a.png', contentType: 'image/png', data: pngBytes(500) }]));
    expect(first.statusCode).toBe(200);
    const firstName = first.json().profilePicture.replace('/api/uploads/', '');
    expect(uploads()).toEqual([firstName]);

    const second = await put(ctx, jane, jane.id, multipart([{ name: 'photo', filename: 'b.png', contentType: 'image/png', data: pngBytes(600) }]));
    const secondName = second.json().profilePicture.replace('/api/uploads/', '');
    expect(secondName).not.toBe(firstName);
    expect(uploads()).toEqual([secondName]);

    // A failed update (e-mail taken) keeps the old photo and leaves no new file behind.
    const failed = await put(ctx, jane, jane.id, multipart([...fields({ email: 'olga@example.com' }), { name: 'photo', filename: 'c.png', contentType: 'image/png', data: pngBytes(700) }]));
    expect(failed.statusCode).toBe(409);
    expect(uploads()).toEqual([secondName]);
  });

  test('ten concurrent photo replacements leave exactly the one file the profile refers to', async () => {
    const { ctx, jane } = await setup();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => put(ctx, jane, jane.id, multipart([{ name: 'photo', filename: `p${index}.png`, contentType: 'image/png', data: pngBytes(400 + index) }]))),
    );
    for (const response of responses) expect(response.statusCode).toBe(200);
    const [row] = await ctx.db.select({ picture: users.profilePicture }).from(users).where(eq(users.id, jane.id));
    expect(uploads()).toEqual([row!.picture]);
  });

  test('the sweep removes old files nobody refers to and keeps referenced and fresh ones', async () => {
    const { ctx, jane } = await setup();
    const saved = await put(ctx, jane, jane.id, multipart([{ name: 'photo', filename: 'a.png', contentType: 'image/png', data: pngBytes(500) }]));
    const kept = saved.json().profilePicture.replace('/api/uploads/', '');
    const { writeFileSync, utimesSync } = await import('node:fs');
    const stale = 'a'.repeat(32) + '.png';
    const fresh = 'b'.repeat(32) + '.jpg';
    writeFileSync(join(dataDir, 'uploads', stale), 'x');
    writeFileSync(join(dataDir, 'uploads', fresh), 'x');
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
    utimesSync(join(dataDir, 'uploads', stale), dayAgo, dayAgo);
    utimesSync(join(dataDir, 'uploads', kept), dayAgo, dayAgo);
    const referenced = async (names: string[]) => new Set((await ctx.db.select({ name: users.profilePicture }).from(users)).map((row) => row.name ?? '').filter((name) => names.includes(name)));
    const removed = await sweepOrphanPhotos(dataDir, referenced, new Date());
    expect(removed).toEqual([stale]);
    expect(uploads()).toEqual([kept, fresh].sort());
  });
});
