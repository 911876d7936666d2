import { asc } from 'drizzle-orm';
import { auditEvents } from '../../../server/db/schema';
import { teamMemberships } from '../../../server/db/teams-schema';
import { addUser, authHeader, logActivity } from '../helpers/competition-seed';
import { createTestApp } from '../helpers/test-app';
import { teamAdmin } from './team-helpers';

const NOW = '2026-11-22T10:00:00Z';

describe('team management (docs/product-rules.md#teams)', () => {
  test('admins create, rename and archive teams and move people; every change is in the audit trail', async () => {
    const testApp = await createTestApp({ now: NOW });
    const { app, db } = testApp;
    const teams = await teamAdmin(testApp);
    const headers = await teams.headers();
    const sales = await teams.create('  Sales ');
    expect(sales.name).toBe('Sales');
    const renamed = await app.inject({ method: 'PUT', url: `/api/team-admin/teams/${sales.id}`, headers, payload: { name: 'Sales & Marketing' } });
    expect(renamed.json()).toEqual({ id: sales.id, name: 'Sales & Marketing', archived: false });
    const ops = await teams.create('Ops');
    const person = await addUser(db, { firstName: 'Pat', lastName: 'Lee' });
    await teams.assign(person.email, sales.id, '2026-10-01T09:00:00Z');
    await teams.assign(person.email, ops.id);
    // The same team again changes nothing and writes no entry.
    await teams.assign(person.email, ops.id);

    const list = await app.inject({ method: 'GET', url: '/api/team-admin/teams', headers });
    expect(list.json()).toEqual([
      { id: ops.id, name: 'Ops', archived: false, members: 1 },
      { id: sales.id, name: 'Sales & Marketing', archived: false, members: 0 },
    ]);
    const archived = await app.inject({ method: 'PUT', url: `/api/team-admin/teams/${ops.id}/archive`, headers });
    expect(archived.json()).toEqual({ id: ops.id, name: 'Ops', archived: true });
    // The move ended Sales on the move day; archiving ends Ops today, and a membership begun today never counted, so it is gone.
    const spans = await db.select({ teamId: teamMemberships.teamId, startsOn: teamMemberships.startsOn, endsOn: teamMemberships.endsOn }).from(teamMemberships).orderBy(asc(teamMemberships.startsOn));
    expect(spans).toEqual([{ teamId: sales.id, startsOn: '2026-10-01', endsOn: '2026-11-22' }]);
    const entries = await db.select({ action: auditEvents.action, subjectId: auditEvents.subjectId, before: auditEvents.before, after: auditEvents.after }).from(auditEvents).orderBy(asc(auditEvents.id));
    expect(entries).toEqual([
      { action: 'team.create', subjectId: null, before: null, after: JSON.stringify({ name: 'Sales' }) },
      { action: 'team.rename', subjectId: null, before: JSON.stringify({ name: 'Sales' }), after: JSON.stringify({ name: 'Sales & Marketing' }) },
      { action: 'team.create', subjectId: null, before: null, after: JSON.stringify({ name: 'Ops' }) },
      { action: 'team.assign', subjectId: person.id, before: JSON.stringify({ team: null }), after: JSON.stringify({ team: 'Sales & Marketing', from: '2026-10-01' }) },
      { action: 'team.assign', subjectId: person.id, before: JSON.stringify({ team: 'Sales & Marketing' }), after: JSON.stringify({ team: 'Ops', from: '2026-11-22' }) },
      { action: 'team.archive', subjectId: null, before: JSON.stringify({ name: 'Ops' }), after: JSON.stringify({ name: 'Ops', archived: true }) },
    ]);
    await app.close();
  });

  test('refusals: 401 without a session, 403 for employees, 400 for bad input, 404 for unknown ones, 409 for taken names and archived teams; nothing changes', async () => {
    const testApp = await createTestApp({ now: NOW });
    const { app, db, config, clock } = testApp;
    const teams = await teamAdmin(testApp);
    const headers = await teams.headers();
    const sales = await teams.create('Sales');
    const employee = await addUser(db);
    const asEmployee = await authHeader(db, employee, config, clock.now());
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, as: Record<string, string> | undefined, payload?: unknown) =>
      app.inject({ method, url, ...(as ? { headers: as } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

    expect((await call('GET', '/api/teams', undefined)).statusCode).toBe(401);
    expect((await call('GET', `/api/teams/${sales.id}`, undefined)).statusCode).toBe(401);
    for (const [method, url, payload] of [
      ['GET', '/api/team-admin/teams', undefined],
      ['POST', '/api/team-admin/teams', { name: 'Mine' }],
      ['PUT', `/api/team-admin/teams/${sales.id}`, { name: 'Mine' }],
      ['PUT', `/api/team-admin/teams/${sales.id}/archive`, undefined],
      ['PUT', '/api/team-admin/membership', { email: employee.email, teamId: sales.id }],
      ['GET', '/api/team-admin/participation', undefined],
      ['GET', '/api/team-admin/participation.csv', undefined],
    ] as const) {
      expect((await call(method, url, asEmployee, payload)).json()).toMatchObject({ statusCode: 403, serverCode: 'FORBIDDEN' });
    }

    const empty = await call('POST', '/api/team-admin/teams', headers, { name: '   ' });
    expect(empty.json()).toMatchObject({ statusCode: 400, serverCode: 'VALIDATION_FAILED', issues: [{ path: 'name', message: 'Please enter the team name' }] });
    expect((await call('POST', '/api/team-admin/teams', headers, { name: 'x'.repeat(61) })).statusCode).toBe(400);
    expect((await call('PUT', '/api/team-admin/membership', headers, { email: employee.email, teamId: 'two' })).statusCode).toBe(400);
    expect((await call('GET', '/api/teams/abc', headers)).statusCode).toBe(400);
    expect((await call('GET', '/api/team-admin/participation?month=13', headers)).statusCode).toBe(400);
    expect((await call('GET', '/api/team-admin/participation?month=1', headers)).json()).toMatchObject({ statusCode: 400, message: 'This month of the competition year has not begun' });

    expect((await call('GET', '/api/teams/999', headers)).json()).toMatchObject({ statusCode: 404, message: 'Team not found' });
    expect((await call('PUT', '/api/team-admin/teams/999', headers, { name: 'New' })).statusCode).toBe(404);
    expect((await call('PUT', '/api/team-admin/teams/999/archive', headers)).statusCode).toBe(404);
    expect((await call('PUT', '/api/team-admin/membership', headers, { email: 'nobody@example.com', teamId: sales.id })).json()).toMatchObject({ statusCode: 404, message: 'No employee has this email' });
    expect((await call('PUT', '/api/team-admin/membership', headers, { email: employee.email, teamId: 999 })).statusCode).toBe(404);
    // Admins compete in no team.
    const otherAdmin = await addUser(db, { role: 'admin' });
    expect((await call('PUT', '/api/team-admin/membership', headers, { email: otherAdmin.email, teamId: sales.id })).statusCode).toBe(404);

    expect((await call('POST', '/api/team-admin/teams', headers, { name: 'SALES' })).json()).toMatchObject({ statusCode: 409, serverCode: 'CONFLICT', message: 'A team with this name already exists' });
    const ops = await teams.create('Ops');
    expect((await call('PUT', `/api/team-admin/teams/${ops.id}`, headers, { name: 'sales' })).statusCode).toBe(409);
    await call('PUT', `/api/team-admin/teams/${ops.id}/archive`, headers);
    expect((await call('PUT', '/api/team-admin/membership', headers, { email: employee.email, teamId: ops.id })).json()).toMatchObject({ statusCode: 409, message: 'This team is archived' });
    expect((await call('PUT', `/api/team-admin/teams/${ops.id}`, headers, { name: 'Ops 2' })).statusCode).toBe(409);
    // An archived team frees its name.
    expect((await call('POST', '/api/team-admin/teams', headers, { name: 'Ops' })).statusCode).toBe(201);

    expect(await db.select().from(teamMemberships)).toEqual([]);
    const names = (await call('GET', '/api/team-admin/teams', headers)).json().map((team: { name: string }) => team.name);
    expect(names).toEqual(['Ops', 'Sales', 'Ops']);
    await app.close();
  });

  test('the team page shows points only: members ranked (ties share a place), no activities', async () => {
    const testApp = await createTestApp({ now: NOW });
    const { app, db, config, clock } = testApp;
    const teams = await teamAdmin(testApp);
    const team = await teams.create('Ops');
    const shy = await addUser(db, { firstName: 'Shy', lastName: 'One', isPrivateActivity: true });
    const open = await addUser(db, { firstName: 'Open', lastName: 'Two' });
    const third = await addUser(db, { firstName: 'Third', lastName: 'Three' });
    for (const person of [shy, open, third]) await teams.assign(person.email, team.id, '2026-04-01T08:00:00Z');
    await logActivity(db, shy.id, '2026-06-01', 40, { name: 'Secret swim' });
    await logActivity(db, open.id, '2026-06-02', 40);
    await logActivity(db, third.id, '2026-06-03', 5);
    const response = await app.inject({ method: 'GET', url: `/api/teams/${team.id}`, headers: await authHeader(db, third, config, clock.now()) });
    const page = response.json();
    expect(page.members.map((member: { firstName: string; points: number; rank: number }) => [member.firstName, member.points, member.rank])).toEqual([
      ['Shy', 40, 1], // equal points: by last name (One before Two)
      ['Open', 40, 1],
      ['Third', 5, 3],
    ]);
    expect(response.body).not.toContain('Secret swim');
    await app.close();
  });
});
