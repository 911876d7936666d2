import { asc } from 'drizzle-orm';
import { teamMemberships, teams } from '../../../server/db/teams-schema';
import { startIdentityProvider, type TestIdentityProvider } from '../../support/identity-provider';
import { seedUser } from '../auth/fixtures';
import { createTestApp, testDatabase } from '../helpers/test-app';
import { REDIRECT_URI, cookieOf, profileForm, ssoConfig, ssoRoundTrip } from '../sso/sso-helpers';

let idp: TestIdentityProvider;

beforeAll(async () => {
  await testDatabase();
  idp = await startIdentityProvider({ redirectUris: [REDIRECT_URI] });
});
afterAll(() => idp.close());

describe('the single-sign-on team claim (docs/product-rules.md#teams)', () => {
  test('with OIDC_TEAM_CLAIM set, each sign-in puts the employee in the team the claim names, created when needed', async () => {
    const { app, db, clock } = await createTestApp({ now: '2026-11-02T09:00:00Z', config: ssoConfig(idp, { teams: { minimumGroupSize: 5, ssoClaim: 'department' } }) });
    const jane = await seedUser(db);
    idp.addAccount({ email: 'jane@example.com', emailVerified: true, givenName: 'Jane', familyName: 'Doe', department: ' Finance ' });
    expect((await ssoRoundTrip(app, 'jane@example.com')).statusCode).toBe(200);
    // The directory moves her; the next sign-in follows.
    idp.addAccount({ email: 'jane@example.com', emailVerified: true, givenName: 'Jane', familyName: 'Doe', department: 'Sales' });
    clock.set('2026-11-09T09:00:00Z');
    expect((await ssoRoundTrip(app, 'jane@example.com')).statusCode).toBe(200);
    // No claim at all leaves the team as it is.
    idp.addAccount({ email: 'jane@example.com', emailVerified: true, givenName: 'Jane', familyName: 'Doe' });
    expect((await ssoRoundTrip(app, 'jane@example.com')).statusCode).toBe(200);
    const rows = await db.select({ userId: teamMemberships.userId, teamId: teamMemberships.teamId, startsOn: teamMemberships.startsOn, endsOn: teamMemberships.endsOn }).from(teamMemberships).orderBy(asc(teamMemberships.id));
    const names = new Map((await db.select().from(teams)).map((team) => [team.id, team.name]));
    expect(rows.map((row) => ({ user: row.userId, team: names.get(row.teamId), startsOn: row.startsOn, endsOn: row.endsOn }))).toEqual([
      { user: jane.id, team: 'Finance', startsOn: '2026-11-02', endsOn: '2026-11-09' },
      { user: jane.id, team: 'Sales', startsOn: '2026-11-09', endsOn: null },
    ]);
    await app.close();
  });

  test('a newcomer joins the claimed team with their new account; without the setting the claim is ignored', async () => {
    const { app, db } = await createTestApp({ now: '2026-11-02T09:00:00Z', config: ssoConfig(idp, { teams: { minimumGroupSize: 5, ssoClaim: 'department' } }) });
    idp.addAccount({ email: 'nora@acme.com', emailVerified: true, givenName: 'Nora', familyName: 'Newcomer', department: 'Warehouse' });
    const callback = await ssoRoundTrip(app, 'nora@acme.com');
    expect((callback.json() as { status: string }).status).toBe('profile-required');
    const form = profileForm();
    const completed = await app.inject({ method: 'POST', url: '/api/auth/sso/profile', payload: form.payload, headers: { ...form.headers, cookie: cookieOf(callback, 'wc_sso_newcomer')! } });
    expect(completed.statusCode, completed.body).toBe(201);
    expect((await db.select({ name: teams.name }).from(teams)).map((team) => team.name)).toEqual(['Warehouse']);
    expect(await db.select({ startsOn: teamMemberships.startsOn }).from(teamMemberships)).toEqual([{ startsOn: '2026-11-02' }]);
    await app.close();

    const plain = await createTestApp({ now: '2026-11-02T09:00:00Z', config: ssoConfig(idp) });
    await seedUser(plain.db, { email: 'nora@acme.com' });
    expect((await ssoRoundTrip(plain.app, 'nora@acme.com')).statusCode).toBe(200);
    expect(await plain.db.select().from(teams)).toEqual([]);
    await plain.app.close();
  });
});
