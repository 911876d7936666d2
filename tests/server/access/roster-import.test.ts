import { count, isNull } from 'drizzle-orm';
import { auditEvents } from '../../../server/db/schema';
import { invitations } from '../../../server/db/access-schema';
import { hashPassword } from '../../../server/modules/auth/passwords';
import { mailInvitations } from '../../../server/modules/access/invitations';
import { createTestApp, testDatabase } from '../helpers/test-app';
import { seedUser } from '../auth/fixtures';

beforeAll(async () => {
  await testDatabase();
});

const ROWS = 10_000;
const roster = () => ['email,first_name,last_name,level', ...Array.from({ length: ROWS }, (_, index) => `person${index}@acme.com,Person,Number ${index},${['Beginner', 'Intermediate', 'Advanced', 'Elite'][index % 4]}`)].join('\n');

const adminToken = async (app: Awaited<ReturnType<typeof createTestApp>>['app'], db: Awaited<ReturnType<typeof createTestApp>>['db']) => {
  await seedUser(db, { role: 'admin', email: 'boss@acme.com', passwordHash: await hashPassword('boss password 1') });
  return (await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'boss@acme.com', password: 'boss password 1' } })).json<{ accessToken: string }>().accessToken;
};

describe('roster import', () => {
  test(`${ROWS.toLocaleString('en')} rows are previewed and imported in under a minute, in one transaction with one audit entry; the mails are owed to jobs`, async () => {
    const { app, db, injectWithoutWaiting, jobs } = await createTestApp();
    const token = await adminToken(app, db);
    const headers = { authorization: `Bearer ${token}` };
    const csv = roster();
    const started = performance.now();
    const preview = await injectWithoutWaiting({ method: 'POST', url: '/api/access/roster/preview', headers, payload: { csv } });
    expect(preview.json<{ counts: { new: number } }>().counts.new).toBe(ROWS);
    const imported = await injectWithoutWaiting({ method: 'POST', url: '/api/access/roster/import', headers, payload: { csv } });
    const elapsed = performance.now() - started;
    expect(imported.statusCode).toBe(200);
    expect(imported.json<{ invited: number }>().invited).toBe(ROWS);
    expect(elapsed).toBeLessThan(60_000);
    const [rows] = await db.select({ total: count() }).from(invitations);
    expect(rows!.total).toBe(ROWS);
    const audit = await db.select().from(auditEvents);
    expect(audit.map((event) => event.action)).toEqual(['roster.import']);
    await jobs.stop({ timeoutMs: 1000 }); // the 10,000 mails are the queue's business, not this test's
  }, 120_000);

  test('the mail job mails each invitee once with a fresh link, and a retry skips the mailed ones', async () => {
    const { app, db, mailer, clock, config } = await createTestApp();
    const token = await adminToken(app, db);
    const csv = ['email,first_name,last_name', 'a@acme.com,A,One', 'b@acme.com,B,Two'].join('\n');
    const response = await app.inject({ method: 'POST', url: '/api/access/roster/import', headers: { authorization: `Bearer ${token}` }, payload: { csv } });
    expect(response.statusCode).toBe(200);
    expect(mailer.sent.map((mail) => mail.to).sort()).toEqual(['a@acme.com', 'b@acme.com']);
    expect(await db.select().from(invitations).where(isNull(invitations.mailedAt))).toEqual([]);
    const links = mailer.sent.map((mail) => /signup\?invitation=([^\s]+)/.exec(mail.text)![1]);
    expect(new Set(links).size).toBe(2);
    // A job attempt run again (a retry after a failure later in its slice) sends nothing twice.
    await mailInvitations({ db, clock, config, mailer }, (await db.select().from(invitations)).map((row) => row.id));
    expect(mailer.sent).toHaveLength(2);
  });
});
