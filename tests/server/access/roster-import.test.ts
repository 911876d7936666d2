import { count, isNull } from 'drizzle-orm';
import { auditEvents } from '../../../server/db/schema';
import { invitations } from '../../../server/db/access-schema';
import { hashPassword } from '../../../server/passwords/argon2';
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

  test('a 20,000-row HR export with extra columns is accepted; 20,001 rows and more than 10 MB are refused with a clear message', async () => {
    const { app, db } = await createTestApp();
    const headers = { authorization: `Bearer ${await adminToken(app, db)}` };
    // What an HR system exports: the four columns read, and more that the import skips.
    const header = 'Employee ID,email,first_name,last_name,level,Department,Manager e-mail,Office,Start date,Contract,Phone';
    const row = (index: number) => `E${String(index).padStart(6, '0')},person${index}@acme.com,Person,Number ${index},Advanced,Engineering and Operations,manager${index % 100}@acme.com,"Berlin, Germany",2019-04-01,Full-time,+49 30 1234 5678`;
    const file = (rows: number) => [header, ...Array.from({ length: rows }, (_, index) => row(index))].join('\r\n');
    const full = file(20_000);
    expect(full.length).toBeGreaterThan(2_500_000);

    const accepted = await app.inject({ method: 'POST', url: '/api/access/roster/preview', headers, payload: { csv: full } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<{ counts: { total: number; new: number } }>().counts).toMatchObject({ total: 20_000, new: 20_000 });

    const oneTooMany = await app.inject({ method: 'POST', url: '/api/access/roster/preview', headers, payload: { csv: file(20_001) } });
    expect(oneTooMany.statusCode).toBe(400);
    expect(oneTooMany.json()).toMatchObject({ serverCode: 'VALIDATION_FAILED', message: 'A roster holds at most 20,000 rows; split the file' });

    const tooLarge = await app.inject({ method: 'POST', url: '/api/access/roster/import', headers, payload: { csv: `${header}\n${'x'.repeat(10_000_001)}` } });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toMatchObject({ serverCode: 'VALIDATION_FAILED', issues: [{ path: 'csv', message: 'The file is larger than 10 MB' }] });
    expect(await db.select({ total: count() }).from(invitations)).toEqual([{ total: 0 }]);
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
