import { asc } from 'drizzle-orm';
import { teamMemberships, teams } from '../../../server/db/teams-schema';
import { hashPassword } from '../../../server/passwords/argon2';
import { fields, multipart, seedUser } from '../auth/fixtures';
import { createTestApp } from '../helpers/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const adminHeaders = async ({ app, db }: TestApp) => {
  await seedUser(db, { role: 'admin', email: 'boss@acme.com', passwordHash: await hashPassword('boss password 1') });
  const token = (await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'boss@acme.com', password: 'boss password 1' } })).json<{ accessToken: string }>().accessToken;
  return { authorization: `Bearer ${token}` };
};

const linkTo = ({ mailer }: TestApp, email: string) => {
  const mail = [...mailer.sent].reverse().find((message) => message.to === email);
  return decodeURIComponent(/signup\?invitation=([^\s]+)/.exec(mail?.text ?? '')?.[1] ?? '');
};

const accept = (testApp: TestApp, email: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/access/invitation', ...multipart(fields({ token: linkTo(testApp, email), firstName: 'New', lastName: 'Person', dateOfBirth: '1990-01-01', gender: 'other', password: 'Secret123!' })) });

describe('the roster\'s team column (docs/product-rules.md#teams)', () => {
  test('`team` (or `department`) creates the teams it names and each invitee joins theirs on the day they join', async () => {
    const testApp = await createTestApp({ now: '2026-11-02T09:00:00Z' });
    const { app, db, clock } = testApp;
    const headers = await adminHeaders(testApp);
    const existing = (await app.inject({ method: 'POST', url: '/api/team-admin/teams', headers, payload: { name: 'Sales' } })).json<{ id: number }>();
    const csv = ['email,first_name,last_name,Department', 'a@acme.com,A,One,sales', 'b@acme.com,B,Two,Warehouse', 'c@acme.com,C,Three,', `d@acme.com,D,Four,${'x'.repeat(61)}`].join('\n');
    const preview = (await app.inject({ method: 'POST', url: '/api/access/roster/preview', headers, payload: { csv } })).json();
    expect(preview.problems).toEqual([{ line: 5, email: 'd@acme.com', status: 'error', messages: ['Team name must be at most 60 characters'] }]);
    const imported = await app.inject({ method: 'POST', url: '/api/access/roster/import', headers, payload: { csv } });
    expect(imported.json()).toMatchObject({ invited: 3 });
    // 'sales' is the Sales in play (case ignored); Warehouse is new.
    expect((await db.select({ name: teams.name }).from(teams).orderBy(asc(teams.id))).map((team) => team.name)).toEqual(['Sales', 'Warehouse']);
    expect(await db.select().from(teamMemberships)).toEqual([]);

    clock.set('2026-11-05T09:00:00Z');
    expect((await accept(testApp, 'a@acme.com')).statusCode).toBe(201);
    expect((await accept(testApp, 'b@acme.com')).statusCode).toBe(201);
    expect((await accept(testApp, 'c@acme.com')).statusCode).toBe(201);
    const spans = await db.select({ teamId: teamMemberships.teamId, startsOn: teamMemberships.startsOn, endsOn: teamMemberships.endsOn }).from(teamMemberships).orderBy(asc(teamMemberships.id));
    const [warehouse] = await db.select().from(teams).orderBy(asc(teams.id)).offset(1);
    expect(spans).toEqual([
      { teamId: existing.id, startsOn: '2026-11-05', endsOn: null },
      { teamId: warehouse!.id, startsOn: '2026-11-05', endsOn: null },
    ]);
    await app.close();
  });

  test('an invitee whose team was archived before they joined joins no team', async () => {
    const testApp = await createTestApp({ now: '2026-11-02T09:00:00Z' });
    const { app, db } = testApp;
    const headers = await adminHeaders(testApp);
    await app.inject({ method: 'POST', url: '/api/access/roster/import', headers, payload: { csv: 'email,first_name,last_name,team\na@acme.com,A,One,Pop-up' } });
    const [popUp] = await db.select().from(teams);
    await app.inject({ method: 'PUT', url: `/api/team-admin/teams/${popUp!.id}/archive`, headers });
    expect((await accept(testApp, 'a@acme.com')).statusCode).toBe(201);
    expect(await db.select().from(teamMemberships)).toEqual([]);
    await app.close();
  });
});
