import { addUser, logActivity, logEvent, logSteps } from '../helpers/competition-seed';
import { createTestApp } from '../helpers/test-app';
import { teamAdmin } from './team-helpers';

const NOW = '2026-11-22T10:00:00Z';
const YEAR_START = '2026-04-01T08:00:00Z';

/** A team of `size` new employees from the year's start; the first `active` of them log something in November. */
const seedTeam = async (testApp: Awaited<ReturnType<typeof createTestApp>>, teams: Awaited<ReturnType<typeof teamAdmin>>, name: string, size: number, active: number) => {
  const team = await teams.create(name);
  const people = [];
  for (let index = 0; index < size; index += 1) {
    const person = await addUser(testApp.db);
    await teams.assign(person.email, team.id, YEAR_START);
    people.push(person);
  }
  const loggers = [logActivity, logSteps, logEvent] as const;
  for (const [index, person] of people.slice(0, active).entries()) {
    if (index % 3 === 0) await logActivity(testApp.db, person.id, '2026-11-03', 20);
    else await loggers[index % 3]!(testApp.db, person.id, '2026-11-04', 1 as never);
  }
  return { team, people };
};

describe('the participation view (docs/product-rules.md#teams)', () => {
  test('per team and month the share of members who logged anything; teams below the minimum size are merged into Other teams', async () => {
    const testApp = await createTestApp({ now: NOW });
    const { app } = testApp;
    const teams = await teamAdmin(testApp);
    const headers = await teams.headers();
    const big = await seedTeam(testApp, teams, 'Warehouse', 6, 3);
    await seedTeam(testApp, teams, 'Board', 3, 1);
    const read = async (query = '') => (await app.inject({ method: 'GET', url: `/api/team-admin/participation${query}`, headers })).json();

    // The Board alone would be a group of 3: merged, and still too small, so withheld.
    expect(await read()).toEqual({
      competitionYear: 2026,
      month: '2026-11',
      minimumGroupSize: 5,
      rows: [
        { team: 'Warehouse', teamId: big.team.id, members: 6, activeMembers: 3, share: 0.5 },
        { team: 'Other teams', teamId: null, members: 3, activeMembers: null, share: null },
      ],
    });
    // With a second small team the merged group reaches 5 and shows its figures.
    await seedTeam(testApp, teams, 'Legal', 2, 2);
    expect((await read('?month=11')).rows).toEqual([
      { team: 'Warehouse', teamId: big.team.id, members: 6, activeMembers: 3, share: 0.5 },
      { team: 'Other teams', teamId: null, members: 5, activeMembers: 3, share: 0.6 },
    ]);
    // October: members, nobody active.
    expect((await read('?month=10')).rows[0]).toEqual({ team: 'Warehouse', teamId: big.team.id, members: 6, activeMembers: 0, share: 0 });

    // A mover in November counts in both teams that month, active only where they logged.
    const mover = big.people[5]!;
    const field = await teams.create('Field');
    await teams.assign(mover.email, field.id, '2026-11-10T09:00:00Z');
    await logActivity(testApp.db, mover.id, '2026-11-12', 10);
    const november = await read();
    expect(november.rows[0]).toEqual({ team: 'Warehouse', teamId: big.team.id, members: 6, activeMembers: 3, share: 0.5 });
    expect(november.rows.at(-1)).toEqual({ team: 'Other teams', teamId: null, members: 6, activeMembers: 4, share: 0.667 });

    // The CSV: every month to date with the same merging.
    const csv = await app.inject({ method: 'GET', url: '/api/team-admin/participation.csv', headers });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Month,Team,Members,Active members,Participation');
    expect(lines).toContain('2026-11,Warehouse,6,3,50%');
    expect(lines).toContain('2026-11,Other teams,6,4,66.7%');
    expect(lines).toContain('2026-04,Warehouse,6,0,0%');
    expect(lines.some((line) => line.includes('Board') || line.includes('Legal') || line.includes('Field'))).toBe(false);
    await app.close();
  });

  test('the minimum group size is a setting', async () => {
    const testApp = await createTestApp({ now: NOW, config: { teams: { minimumGroupSize: 2, ssoClaim: null } } });
    const teams = await teamAdmin(testApp);
    const { team } = await seedTeam(testApp, teams, 'Board', 3, 1);
    const body = (await testApp.app.inject({ method: 'GET', url: '/api/team-admin/participation', headers: await teams.headers() })).json();
    expect(body.minimumGroupSize).toBe(2);
    expect(body.rows).toEqual([{ team: 'Board', teamId: team.id, members: 3, activeMembers: 1, share: 0.333 }]);
    await testApp.app.close();
  });
});
