import { asc } from 'drizzle-orm';
import { auditEvents, users } from '../../../server/db/schema';
import { hashPassword } from '../../../server/passwords/argon2';
import { createTestApp, testDatabase } from '../helpers/test-app';
import { fields, multipart, seedUser } from '../auth/fixtures';

beforeAll(async () => {
  await testDatabase();
});

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const signedInAdmin = async ({ app, db }: TestApp) => {
  const admin = await seedUser(db, { role: 'admin', email: 'boss@acme.com', passwordHash: await hashPassword('boss password 1') });
  const token = (await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'boss@acme.com', password: 'boss password 1' } })).json<{ accessToken: string }>().accessToken;
  return { admin, headers: { authorization: `Bearer ${token}` } };
};

/** The link of the newest invitation mail to `email`. */
const linkTo = ({ mailer }: TestApp, email: string) => {
  const mail = [...mailer.sent].reverse().find((message) => message.to === email);
  return decodeURIComponent(/signup\?invitation=([^\s]+)/.exec(mail?.text ?? '')?.[1] ?? '');
};

const acceptForm = (token: string) => multipart(fields({ token, firstName: 'Nina', lastName: 'Invited', dateOfBirth: '1992-03-04', gender: 'female', password: 'Secret123!' }));

/** The trail as rows a reader can compare: who, what, about whom, and the states. */
const trail = async ({ db }: TestApp) =>
  (await db.select().from(auditEvents).orderBy(asc(auditEvents.id))).map((event) => ({
    action: event.action,
    actorId: event.actorId,
    actorRole: event.actorRole,
    subjectId: event.subjectId,
    subjectEmail: event.subjectEmail,
    before: event.before === null ? null : JSON.parse(event.before),
    after: event.after === null ? null : JSON.parse(event.after),
  }));

const NINA = { email: 'nina@acme.com', firstName: 'Nina', lastName: 'Invited', levelOfCompetition: 'Elite' };

describe('invitations (docs/access.md#invitations-and-roster-import-admins)', () => {
  test('send, resend and accept are each one audit entry: the admin sends and resends, the invitee accepts', async () => {
    const test = await createTestApp();
    const { app, db } = test;
    const { admin, headers } = await signedInAdmin(test);
    const sent = await app.inject({ method: 'POST', url: '/api/access/invitations', headers, payload: NINA });
    expect(sent.statusCode).toBe(201);
    const { id } = sent.json<{ id: number }>();
    const firstLink = linkTo(test, NINA.email);

    const resent = await app.inject({ method: 'POST', url: `/api/access/invitations/${id}/resend`, headers });
    expect(resent.statusCode).toBe(200);
    const secondLink = linkTo(test, NINA.email);
    expect(secondLink).not.toBe(firstLink);
    // The previous link stops working.
    expect((await app.inject({ method: 'GET', url: '/api/access/invitation', query: { token: firstLink } })).json()).toMatchObject({ serverCode: 'INVALID_INVITATION' });

    const accepted = await app.inject({ method: 'POST', url: '/api/access/invitation', ...acceptForm(secondLink) });
    expect(accepted.statusCode).toBe(201);
    const [, nina] = await db.select().from(users).orderBy(asc(users.id));
    expect(nina).toMatchObject({ email: NINA.email, levelOfCompetition: 'Elite' });
    expect(nina!.emailConfirmedAt).not.toBeNull();

    const byAdmin = { actorId: admin.id, actorRole: 'admin', subjectId: null, subjectEmail: null };
    expect(await trail(test)).toEqual([
      { action: 'invitation.send', ...byAdmin, before: null, after: NINA },
      { action: 'invitation.resend', ...byAdmin, before: null, after: { email: NINA.email } },
      // The new account's owner acted on their own account.
      { action: 'invitation.accept', actorId: nina!.id, actorRole: 'user', subjectId: nina!.id, subjectEmail: NINA.email, before: null, after: null },
    ]);
  });

  test('revoke is one audit entry by the admin; the link stops working and a second revoke writes nothing', async () => {
    const test = await createTestApp();
    const { app } = test;
    const { admin, headers } = await signedInAdmin(test);
    const { id } = (await app.inject({ method: 'POST', url: '/api/access/invitations', headers, payload: NINA })).json<{ id: number }>();
    const link = linkTo(test, NINA.email);

    expect((await app.inject({ method: 'DELETE', url: `/api/access/invitations/${id}`, headers })).statusCode).toBe(204);
    expect((await app.inject({ method: 'DELETE', url: `/api/access/invitations/${id}`, headers })).statusCode).toBe(204);
    expect((await app.inject({ method: 'POST', url: '/api/access/invitation', ...acceptForm(link) })).json()).toMatchObject({ serverCode: 'INVALID_INVITATION' });
    expect((await app.inject({ method: 'POST', url: `/api/access/invitations/${id}/resend`, headers })).statusCode).toBe(409);

    const byAdmin = { actorId: admin.id, actorRole: 'admin', subjectId: null, subjectEmail: null };
    expect(await trail(test)).toEqual([
      { action: 'invitation.send', ...byAdmin, before: null, after: NINA },
      { action: 'invitation.revoke', ...byAdmin, before: { email: NINA.email }, after: null },
    ]);
  });

  test('refusals write no audit entry: an address with an account, an unknown invitation, an employee', async () => {
    const test = await createTestApp();
    const { app, db } = test;
    const { headers } = await signedInAdmin(test);
    await seedUser(db, { email: 'jane@acme.com' });
    expect((await app.inject({ method: 'POST', url: '/api/access/invitations', headers, payload: { ...NINA, email: 'jane@acme.com' } })).statusCode).toBe(409);
    expect((await app.inject({ method: 'POST', url: '/api/access/invitations/999/resend', headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: '/api/access/invitations/999', headers })).statusCode).toBe(404);
    const employee = (await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'jane@acme.com', password: 'correct horse battery' } })).json<{ accessToken: string }>().accessToken;
    expect((await app.inject({ method: 'POST', url: '/api/access/invitations', headers: { authorization: `Bearer ${employee}` }, payload: NINA })).statusCode).toBe(403);
    expect(await trail(test)).toEqual([]);
  });
});
