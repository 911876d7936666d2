import { eq } from 'drizzle-orm';
import { users } from '../../../server/db/schema';
import { emailConfirmationTokens } from '../../../server/db/access-schema';
import { createTestApp, testDatabase } from '../helpers/test-app';
import { PASSWORD, fields, multipart, seedUser } from '../auth/fixtures';

beforeAll(async () => {
  await testDatabase();
});

const signupForm = multipart(fields({ firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1991-02-03', gender: 'female', email: 'ann@example.com', password: 'long enough password', levelOfCompetition: 'Advanced' }));

const tokenOf = (text: string) => decodeURIComponent(/\/confirm-email\?token=([^\s"<&]+)/.exec(text)![1]!);

describe('confirmed e-mail addresses', () => {
  test('a self-made account starts unconfirmed; its mail goes out through the job queue with a hashed single-use link', async () => {
    const { app, db, mailer } = await createTestApp();
    const response = await app.inject({ method: 'POST', url: '/api/auth/signup', ...signupForm });
    expect(response.statusCode).toBe(201);
    const [row] = await db.select().from(users).where(eq(users.email, 'ann@example.com'));
    expect(row!.emailConfirmedAt).toBeNull();
    expect(mailer.sent.map((mail) => mail.to)).toEqual(['ann@example.com']);
    const token = tokenOf(mailer.sent[0]!.text);
    const [stored] = await db.select().from(emailConfirmationTokens);
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.toISOString()).toBe('2026-11-25T10:00:00.000Z');
  });

  test('accounts written any other way (seeded, migrated, the first admin) are confirmed by construction', async () => {
    const { db } = await createTestApp();
    const seeded = await seedUser(db);
    expect(seeded.emailConfirmedAt).toBeInstanceOf(Date);
  });

  test('an unconfirmed account is in no colleague view (feed, top leaders) until it confirms', async () => {
    const { app, mailer, db } = await createTestApp();
    await seedUser(db, { email: 'colleague@example.com', levelOfCompetition: 'Advanced' });
    const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', ...signupForm });
    const newcomer = signup.json<{ accessToken: string; user: { id: number } }>();
    const log = await app.inject({
      method: 'POST',
      url: '/api/user/activity/log',
      headers: { authorization: `Bearer ${newcomer.accessToken}` },
      payload: { name: 'Running', movingTime: 45, startTime: '2026-11-21T07:30:00.000Z' },
    });
    expect(log.statusCode).toBe(201);
    const colleague = (await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'colleague@example.com', password: PASSWORD } })).json<{ accessToken: string }>();
    const views = async () => {
      const headers = { authorization: `Bearer ${colleague.accessToken}` };
      const feed = (await app.inject({ method: 'GET', url: '/api/user/activity/feed?page=1&pageSize=20', headers })).json<{ feed: { userId: number }[]; count: number }>();
      const top = (await app.inject({ method: 'GET', url: '/api/leaders/top', headers })).json<Record<string, { userId: number }[]>>();
      return { feed: feed.feed.filter((item) => item.userId === newcomer.user.id).length, count: feed.count, top: Object.values(top).flat().filter((leader) => leader.userId === newcomer.user.id).length };
    };
    expect(await views()).toEqual({ feed: 0, count: 0, top: 0 });

    const confirm = await app.inject({ method: 'POST', url: '/api/access/confirm-email', payload: { token: tokenOf(mailer.sent[0]!.text) } });
    expect(confirm.statusCode).toBe(200);
    expect(await views()).toEqual({ feed: 1, count: 1, top: 1 });
  });
});

describe('a confirmation link confirms the address it was mailed to, or nothing', () => {
  test('the link names the address it went to; if the account has another address by the time it is opened, nothing is confirmed', async () => {
    const { app, db, mailer } = await createTestApp();
    expect((await app.inject({ method: 'POST', url: '/api/auth/signup', ...signupForm })).statusCode).toBe(201);
    const [stored] = await db.select().from(emailConfirmationTokens);
    expect(stored!.email).toBe('ann@example.com');
    // A change of address that raced the mail job: the address changed, the link mailed to the old one is still live.
    await db.update(users).set({ email: 'nobody-read-this@example.com' }).where(eq(users.email, 'ann@example.com'));
    const opened = await app.inject({ method: 'POST', url: '/api/access/confirm-email', payload: { token: tokenOf(mailer.sent[0]!.text) } });
    expect(opened.statusCode).toBe(400);
    expect(opened.json()).toMatchObject({ serverCode: 'INVALID_CONFIRMATION_TOKEN' });
    const [row] = await db.select().from(users).where(eq(users.email, 'nobody-read-this@example.com'));
    expect(row!.emailConfirmedAt).toBeNull();
  });

  test('a link that names no address (from before links named theirs) confirms nothing', async () => {
    const { app, db, mailer } = await createTestApp();
    await app.inject({ method: 'POST', url: '/api/auth/signup', ...signupForm });
    await db.update(emailConfirmationTokens).set({ email: null });
    const opened = await app.inject({ method: 'POST', url: '/api/access/confirm-email', payload: { token: tokenOf(mailer.sent[0]!.text) } });
    expect(opened.statusCode).toBe(400);
    const [row] = await db.select().from(users).where(eq(users.email, 'ann@example.com'));
    expect(row!.emailConfirmedAt).toBeNull();
  });
});
