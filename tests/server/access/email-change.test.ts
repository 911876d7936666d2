import { asc, eq } from 'drizzle-orm';
import { auditEvents, users } from '../../../server/db/schema';
import type { AppConfig } from '../../../server/config';
import { createTestApp, testDatabase } from '../helpers/test-app';
import { PASSWORD, fields, multipart, seedUser } from '../auth/fixtures';

beforeAll(async () => {
  await testDatabase();
});

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const DOMAIN_MODE: Partial<AppConfig> = { signup: { signupMode: 'domain', emailDomains: ['acme.com'], fromEnvironment: true } };

const signIn = async ({ app }: TestApp, email: string, password = PASSWORD) => app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
const tokenOf = async (test: TestApp, email: string) => (await signIn(test, email)).json<{ accessToken: string; user: { id: number } }>();
const changeEmail = ({ app }: TestApp, session: { accessToken: string; user: { id: number } }, email: string, extra: Record<string, string> = {}) => {
  const form = multipart(fields({ email, ...extra }));
  return app.inject({ method: 'PUT', url: `/api/users/${session.user.id}/profile`, payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${session.accessToken}` } });
};
const status = async ({ app }: TestApp, session: { accessToken: string }) =>
  (await app.inject({ method: 'GET', url: '/api/access/confirmation', headers: { authorization: `Bearer ${session.accessToken}` } })).json();
/** The link of the newest mail to `to`. */
const linkTo = ({ mailer }: TestApp, to: string) => {
  const mail = [...mailer.sent].reverse().find((message) => message.to === to);
  return mail ? decodeURIComponent(/\/confirm-email\?token=([^\s"<&]+)/.exec(mail.text)![1]!) : null;
};
const open = ({ app }: TestApp, token: string) => app.inject({ method: 'POST', url: '/api/access/confirm-email', payload: { token } });
const addressOf = async ({ db }: TestApp, id: number) => (await db.select({ email: users.email, pendingEmail: users.pendingEmail }).from(users).where(eq(users.id, id)))[0];

describe('changing the e-mail address (docs/access.md#changing-the-e-mail-address)', () => {
  test('domain mode: an address outside the domains is refused like at sign-up, and nothing changes or is mailed', async () => {
    const test = await createTestApp({ config: DOMAIN_MODE });
    await seedUser(test.db, { email: 'jane@acme.com' });
    const jane = await tokenOf(test, 'jane@acme.com');
    const refused = await changeEmail(test, jane, 'jane@gmail.com', { firstName: 'Janet' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ serverCode: 'EMAIL_DOMAIN_NOT_ALLOWED', message: 'Please use your company e-mail address (@acme.com)' });
    expect(await test.db.select({ email: users.email, pendingEmail: users.pendingEmail, firstName: users.firstName }).from(users)).toEqual([{ email: 'jane@acme.com', pendingEmail: null, firstName: 'Jane' }]);
    expect(test.mailer.sent).toEqual([]);
    // A company address is welcome.
    expect((await changeEmail(test, jane, 'jane.doe@acme.com')).statusCode).toBe(200);
  });

  test("domain mode with SIGNUP_REFUSE_SUBADDRESSES: a change to 'jane+2@acme.com' is refused like at sign-up; nothing changes or is mailed", async () => {
    const test = await createTestApp({ config: { signup: { signupMode: 'domain', emailDomains: ['acme.com'], refuseSubaddresses: true, fromEnvironment: true } } });
    await seedUser(test.db, { email: 'jane@acme.com' });
    const jane = await tokenOf(test, 'jane@acme.com');
    const refused = await changeEmail(test, jane, 'jane+2@acme.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ serverCode: 'EMAIL_DOMAIN_NOT_ALLOWED', message: "Please use your company e-mail address without a '+' tag" });
    expect(await addressOf(test, jane.user.id)).toEqual({ email: 'jane@acme.com', pendingEmail: null });
    expect(test.mailer.sent).toEqual([]);
    expect((await changeEmail(test, jane, 'jane.doe@acme.com')).statusCode).toBe(200);
  });

  test('a confirmed account keeps its address until the link mailed to the new one is opened; then it signs in with the new one', async () => {
    const test = await createTestApp();
    const row = await seedUser(test.db);
    const jane = await tokenOf(test, 'jane@example.com');
    const saved = await changeEmail(test, jane, 'Jane.Doe@Example.org');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ email: 'jane@example.com' });
    expect(await addressOf(test, row.id)).toEqual({ email: 'jane@example.com', pendingEmail: 'jane.doe@example.org' });
    expect(await status(test, jane)).toEqual({ emailConfirmed: true, pendingEmail: 'jane.doe@example.org' });
    const mail = test.mailer.sent.find((message) => message.to === 'jane.doe@example.org')!;
    expect(mail.subject).toBe('Confirm your new Wellness Challenge e-mail address');
    // Until then: the old address signs in, the new one does not (and a reset mail would go to the old one).
    expect((await signIn(test, 'jane@example.com')).statusCode).toBe(200);
    expect((await signIn(test, 'jane.doe@example.org')).statusCode).toBe(401);

    const opened = await open(test, linkTo(test, 'jane.doe@example.org')!);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ message: 'Your e-mail address is changed: sign in with the new one from now on' });
    expect(await addressOf(test, row.id)).toEqual({ email: 'jane.doe@example.org', pendingEmail: null });
    expect((await signIn(test, 'jane.doe@example.org')).statusCode).toBe(200);
    expect((await signIn(test, 'jane@example.com')).statusCode).toBe(401);
    expect(await status(test, jane)).toEqual({ emailConfirmed: true, pendingEmail: null });
    const [entry] = await test.db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.email_changed'));
    expect(entry).toMatchObject({ actorId: row.id, subjectId: row.id, before: JSON.stringify({ email: 'jane@example.com' }), after: JSON.stringify({ email: 'jane.doe@example.org' }) });
    expect((await open(test, linkTo(test, 'jane.doe@example.org')!)).json()).toMatchObject({ serverCode: 'INVALID_CONFIRMATION_TOKEN' });
  });

  test('a later request replaces the pending one (its link stops working); sending the current address back drops it', async () => {
    const test = await createTestApp();
    const row = await seedUser(test.db);
    const jane = await tokenOf(test, 'jane@example.com');
    await changeEmail(test, jane, 'first@example.org');
    const first = linkTo(test, 'first@example.org')!;
    await changeEmail(test, jane, 'second@example.org');
    expect((await open(test, first)).json()).toMatchObject({ serverCode: 'INVALID_CONFIRMATION_TOKEN' });
    expect(await addressOf(test, row.id)).toEqual({ email: 'jane@example.com', pendingEmail: 'second@example.org' });

    expect((await changeEmail(test, jane, 'jane@example.com')).statusCode).toBe(200);
    expect(await addressOf(test, row.id)).toEqual({ email: 'jane@example.com', pendingEmail: null });
    expect((await open(test, linkTo(test, 'second@example.org')!)).json()).toMatchObject({ serverCode: 'INVALID_CONFIRMATION_TOKEN' });
    expect(await addressOf(test, row.id)).toEqual({ email: 'jane@example.com', pendingEmail: null });
  });

  test('an address taken by someone else before the link is opened is refused then (409), and the account keeps its address', async () => {
    const test = await createTestApp();
    const row = await seedUser(test.db);
    const jane = await tokenOf(test, 'jane@example.com');
    await changeEmail(test, jane, 'shared@example.org');
    await seedUser(test.db, { email: 'shared@example.org' });
    const opened = await open(test, linkTo(test, 'shared@example.org')!);
    expect(opened.statusCode).toBe(409);
    expect(opened.json()).toMatchObject({ serverCode: 'EMAIL_TAKEN' });
    expect(await addressOf(test, row.id)).toEqual({ email: 'jane@example.com', pendingEmail: 'shared@example.org' });
  });

  test('an unconfirmed account has nothing to keep: its address changes at once, and the confirmation link goes to the new one', async () => {
    const test = await createTestApp();
    const row = await seedUser(test.db, { emailConfirmedAt: null });
    const jane = await tokenOf(test, 'jane@example.com');
    const oldLinkMail = await test.app.inject({ method: 'POST', url: '/api/access/confirmation', headers: { authorization: `Bearer ${jane.accessToken}` } });
    expect(oldLinkMail.statusCode).toBe(202);
    const oldLink = linkTo(test, 'jane@example.com')!;
    const saved = await changeEmail(test, jane, 'jane@example.org');
    expect(saved.json()).toMatchObject({ email: 'jane@example.org' });
    expect(await addressOf(test, row.id)).toEqual({ email: 'jane@example.org', pendingEmail: null });
    expect(await status(test, jane)).toEqual({ emailConfirmed: false, pendingEmail: null });
    // The old address's link confirms nothing any more; the new one's does.
    expect((await open(test, oldLink)).json()).toMatchObject({ serverCode: 'INVALID_CONFIRMATION_TOKEN' });
    expect(test.mailer.sent.at(-1)).toMatchObject({ to: 'jane@example.org', subject: 'Confirm your Wellness Challenge e-mail address' });
    expect((await open(test, linkTo(test, 'jane@example.org')!)).statusCode).toBe(200);
    expect(await status(test, jane)).toEqual({ emailConfirmed: true, pendingEmail: null });
    expect((await test.db.select().from(auditEvents).orderBy(asc(auditEvents.id))).map((event) => event.action)).toEqual(['auth.email_changed', 'auth.email_confirmed']);
  });

  test('each request mails someone: three an hour, like "Send the link again"', async () => {
    const test = await createTestApp();
    await seedUser(test.db);
    const jane = await tokenOf(test, 'jane@example.com');
    for (const index of [1, 2, 3]) expect((await changeEmail(test, jane, `jane${index}@example.org`)).statusCode).toBe(200);
    const fourth = await changeEmail(test, jane, 'jane4@example.org');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ serverCode: 'RATE_LIMITED' });
    expect(test.mailer.sent.map((mail) => mail.to)).toEqual(['jane1@example.org', 'jane2@example.org', 'jane3@example.org']);
  });

  test('admins do not change an employee\'s address: an e-mail in "Update user" is ignored', async () => {
    const test = await createTestApp();
    const row = await seedUser(test.db);
    await seedUser(test.db, { role: 'admin', email: 'boss@example.com' });
    const admin = await tokenOf(test, 'boss@example.com');
    const update = await test.app.inject({
      method: 'PUT',
      url: `/api/users/${row.id}`,
      headers: { authorization: `Bearer ${admin.accessToken}` },
      payload: { firstName: 'Jane', lastName: 'Doe', dateOfBirth: '1990-05-01', gender: 'female', levelOfCompetition: 'Intermediate', email: 'elsewhere@example.org' },
    });
    expect(update.statusCode).toBe(200);
    expect(await addressOf(test, row.id)).toEqual({ email: 'jane@example.com', pendingEmail: null });
  });
});
