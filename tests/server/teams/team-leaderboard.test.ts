import { addUser, authHeader, logActivity, logSteps } from '../helpers/competition-seed';
import { createTestApp } from '../helpers/test-app';
import { teamAdmin } from './team-helpers';

const NOW = '2026-11-22T10:00:00Z';
const YEAR_START = '2026-04-01T08:00:00Z';

type Leaderboard = {
  competitionYear: number;
  month: string;
  total: number;
  offset: number;
  rows: Array<{ teamId: number; place: number; name: string; archived: boolean; averagePoints: number; totalPoints: number; members: number; activeMembers: number }>;
  myTeam: { teamId: number; name: string; place: number; rank: number; members: number } | null;
};

describe('the team leaderboard (docs/product-rules.md#teams)', () => {
  test('orders by average points per member, then total, with teams without members last; counts members active this month', async () => {
    const testApp = await createTestApp({ now: NOW });
    const { app, db, config, clock } = testApp;
    const teams = await teamAdmin(testApp);
    const sales = await teams.create('Sales');
    const finance = await teams.create('Finance');
    const empty = await teams.create('Archive room');
    const [ann, bob, cy, dee] = [await addUser(db), await addUser(db), await addUser(db), await addUser(db)];
    for (const person of [ann, bob]) await teams.assign(person.email, sales.id, YEAR_START);
    await teams.assign(cy.email, finance.id, YEAR_START);
    await teams.assign(dee.email, finance.id, YEAR_START);
    await logActivity(db, ann.id, '2026-05-03', 60);
    await logActivity(db, bob.id, '2026-11-02', 40);
    await logActivity(db, cy.id, '2026-06-10', 45);
    await logSteps(db, dee.id, '2026-11-20'); // 30 points, and active this month

    const asAnn = await authHeader(db, ann, config, clock.now());
    const board = (await app.inject({ method: 'GET', url: '/api/teams', headers: asAnn })).json() as Leaderboard;
    expect(board.competitionYear).toBe(2026);
    expect(board.month).toBe('2026-11');
    // Sales 100 / 2 = 50; Finance 75 / 2 = 37.5; the empty team last.
    expect(board.rows).toEqual([
      { teamId: sales.id, place: 1, name: 'Sales', archived: false, averagePoints: 50, totalPoints: 100, members: 2, activeMembers: 1 },
      { teamId: finance.id, place: 2, name: 'Finance', archived: false, averagePoints: 37.5, totalPoints: 75, members: 2, activeMembers: 1 },
      { teamId: empty.id, place: 3, name: 'Archive room', archived: false, averagePoints: 0, totalPoints: 0, members: 0, activeMembers: 0 },
    ]);
    expect([board.total, board.offset]).toEqual([3, 0]);
    expect(board.myTeam).toEqual({ teamId: sales.id, name: 'Sales', place: 1, rank: 1, members: 2 });
    const asBob = await authHeader(db, bob, config, clock.now());
    expect(((await app.inject({ method: 'GET', url: '/api/teams', headers: asBob })).json() as Leaderboard).myTeam).toEqual({ teamId: sales.id, name: 'Sales', place: 1, rank: 2, members: 2 });
    // An admin competes in no team.
    expect(((await app.inject({ method: 'GET', url: '/api/teams', headers: await teams.headers() })).json() as Leaderboard).myTeam).toBeNull();

    // Equal averages: the larger total first.
    await logActivity(db, cy.id, '2026-07-01', 25); // Finance 100 / 2 = 50
    const tied = (await app.inject({ method: 'GET', url: '/api/teams', headers: asAnn })).json() as Leaderboard;
    expect(tied.rows.map((row) => [row.name, row.averagePoints, row.totalPoints])).toEqual([
      ['Finance', 50, 100],
      ['Sales', 50, 100],
      ['Archive room', 0, 0],
    ]);
    await app.close();
  });

  test('a mover\'s points: the days before the move count for the old team, the move day and after for the new one', async () => {
    const testApp = await createTestApp({ now: NOW });
    const { app, db, config, clock } = testApp;
    const teams = await teamAdmin(testApp);
    const red = await teams.create('Red');
    const blue = await teams.create('Blue');
    const mover = await addUser(db, { firstName: 'Moe', lastName: 'Ver' });
    await teams.assign(mover.email, red.id, YEAR_START);
    await logActivity(db, mover.id, '2026-05-02', 100); // a whole month in Red
    await logActivity(db, mover.id, '2026-11-05', 30); // before the move, in its month
    const moved = await teams.assign(mover.email, blue.id, '2026-11-10T12:00:00Z');
    expect(moved).toEqual({ userId: mover.id, teamId: blue.id, startsOn: '2026-11-10' });
    await logActivity(db, mover.id, '2026-11-10', 20); // the move day: Blue
    await logActivity(db, mover.id, '2026-11-21', 7); // after: Blue
    await logActivity(db, mover.id, '2026-11-09', 3); // logged later for a day before the move: Red

    const headers = await authHeader(db, mover, config, clock.now());
    const board = (await app.inject({ method: 'GET', url: '/api/teams', headers })).json() as Leaderboard;
    const byName = Object.fromEntries(board.rows.map((row) => [row.name, row]));
    expect(byName.Red).toMatchObject({ totalPoints: 133, members: 0, activeMembers: 0, averagePoints: 0 });
    expect(byName.Blue).toMatchObject({ totalPoints: 27, members: 1, activeMembers: 1, averagePoints: 27 });
    expect(board.myTeam).toEqual({ teamId: blue.id, name: 'Blue', place: 1, rank: 1, members: 1 });

    // The team pages: Blue lists its member with Blue's points; Red's November holds the days before the move.
    const bluePage = (await app.inject({ method: 'GET', url: `/api/teams/${blue.id}`, headers })).json();
    expect(bluePage.members).toEqual([{ userId: mover.id, firstName: 'Moe', lastName: 'Ver', profilePicture: null, points: 27, rank: 1 }]);
    const redPage = (await app.inject({ method: 'GET', url: `/api/teams/${red.id}`, headers })).json();
    expect(redPage.members).toEqual([]);
    expect(redPage.months).toEqual([
      { month: '2026-04', points: 0 },
      { month: '2026-05', points: 100 },
      { month: '2026-06', points: 0 },
      { month: '2026-07', points: 0 },
      { month: '2026-08', points: 0 },
      { month: '2026-09', points: 0 },
      { month: '2026-10', points: 0 },
      { month: '2026-11', points: 33 },
    ]);
    await app.close();
  });

  test('a mover\'s workout moved to the other side of the move, in the same month, moves its points to the other team', async () => {
    // The month's total stays the same, so its score row does too: the split must still follow the day.
    const testApp = await createTestApp({ now: NOW });
    const { app, db, config, clock } = testApp;
    const teams = await teamAdmin(testApp);
    const red = await teams.create('Red');
    const blue = await teams.create('Blue');
    const mover = await addUser(db);
    await teams.assign(mover.email, red.id, YEAR_START);
    await teams.assign(mover.email, blue.id, '2026-11-10T12:00:00Z');
    const headers = await authHeader(db, mover, config, clock.now());
    const logged = await app.inject({ method: 'POST', url: '/api/user/activity/log', headers, payload: { name: 'Running', movingTime: 40, startTime: '2026-11-05T07:00:00.000Z' } });
    expect(logged.statusCode).toBe(201);
    const totals = async () => Object.fromEntries(((await app.inject({ method: 'GET', url: '/api/teams', headers })).json() as Leaderboard).rows.map((row) => [row.name, row.totalPoints]));
    expect(await totals()).toEqual({ Red: 40, Blue: 0 });
    const moved = await app.inject({ method: 'PUT', url: `/api/user/activity/${logged.json().id}`, headers, payload: { name: 'Running', movingTime: 40, startDate: '2026-11-12' } });
    expect(moved.statusCode).toBe(200);
    expect(await totals()).toEqual({ Red: 0, Blue: 40 });
    const back = await app.inject({ method: 'PUT', url: `/api/user/activity/${logged.json().id}`, headers, payload: { name: 'Running', movingTime: 40, startDate: '2026-11-09' } });
    expect(back.statusCode).toBe(200);
    expect(await totals()).toEqual({ Red: 40, Blue: 0 });
    await app.close();
  });

  test('a past year: members at its last day, March as its month; teams without a member that year are not in it', async () => {
    const testApp = await createTestApp({ now: NOW });
    const { app, db, config, clock } = testApp;
    const teams = await teamAdmin(testApp);
    const old = await teams.create('Old guard');
    const person = await addUser(db);
    await teams.assign(person.email, old.id, '2025-09-15T09:00:00Z');
    await logActivity(db, person.id, '2025-09-14', 50); // before joining: no team's
    await logActivity(db, person.id, '2026-03-31', 10);
    await teams.create('Newcomers');
    const headers = await authHeader(db, person, config, clock.now());
    const past = (await app.inject({ method: 'GET', url: '/api/teams?competitionYear=2025', headers })).json() as Leaderboard;
    expect(past.month).toBe('2026-03');
    expect(past.rows).toEqual([{ teamId: old.id, place: 1, name: 'Old guard', archived: false, averagePoints: 10, totalPoints: 10, members: 1, activeMembers: 1 }]);
    expect((await app.inject({ method: 'GET', url: '/api/teams?competitionYear=2027', headers })).statusCode).toBe(400);
    await app.close();
  });

  test('people not on any leaderboard (an unconfirmed address) count for no team', async () => {
    const testApp = await createTestApp({ now: NOW });
    const { app, db, config, clock } = testApp;
    const teams = await teamAdmin(testApp);
    const team = await teams.create('Ops');
    const hidden = await addUser(db, { emailConfirmedAt: null });
    await teams.assign(hidden.email, team.id, YEAR_START);
    await logActivity(db, hidden.id, '2026-06-01', 40);
    const board = (await app.inject({ method: 'GET', url: '/api/teams', headers: await authHeader(db, hidden, config, clock.now()) })).json() as Leaderboard;
    expect(board.rows).toEqual([{ teamId: team.id, place: 1, name: 'Ops', archived: false, averagePoints: 0, totalPoints: 0, members: 0, activeMembers: 0 }]);
    await app.close();
  });

  test('pages in the order of the whole board: total, offset, places; the caller\'s team wherever it is; names A-Z, case and accents ignored', async () => {
    const testApp = await createTestApp({ now: NOW });
    const { app, db, config, clock } = testApp;
    const teams = await teamAdmin(testApp);
    // Five teams of one member with equal points but one, then two empty teams (Red scored before it emptied).
    const names = ['Écluse', 'delta', 'Bravo', 'alpha', 'Zulu'];
    const made = [];
    for (const name of names) {
      const team = await teams.create(name);
      const person = await addUser(db);
      await teams.assign(person.email, team.id, YEAR_START);
      await logActivity(db, person.id, '2026-06-01', name === 'Zulu' ? 90 : 30);
      made.push({ team, person });
    }
    const red = await teams.create('Red');
    const leaver = await addUser(db);
    await teams.assign(leaver.email, red.id, YEAR_START);
    await logActivity(db, leaver.id, '2026-05-01', 500);
    await teams.assign(leaver.email, null, '2026-10-01T09:00:00Z');
    await teams.create('Amber');
    const bravo = made[2]!;
    const headers = await authHeader(db, bravo.person, config, clock.now());
    const page = async (query: string) => (await app.inject({ method: 'GET', url: `/api/teams?${query}`, headers })).json() as Leaderboard;

    const whole = await page('limit=100');
    // Zulu leads; the tied four by name (É as E, case ignored); the empty teams last by name alone (Red's 500 points do not lift it).
    expect(whole.rows.map((row) => [row.place, row.name])).toEqual([
      [1, 'Zulu'],
      [2, 'alpha'],
      [3, 'Bravo'],
      [4, 'delta'],
      [5, 'Écluse'],
      [6, 'Amber'],
      [7, 'Red'],
    ]);
    const second = await page('limit=2&offset=2');
    expect([second.total, second.offset]).toEqual([7, 2]);
    expect(second.rows.map((row) => row.name)).toEqual(['Bravo', 'delta']);
    const last = await page('limit=2&offset=6');
    expect(last.rows.map((row) => row.name)).toEqual(['Red']);
    const beyond = await page('limit=2&offset=10');
    expect([beyond.total, beyond.rows]).toEqual([7, []]);
    // The caller's team is named with its place on every page, also where its row is not shown.
    expect(last.myTeam).toEqual({ teamId: bravo.team.id, name: 'Bravo', place: 3, rank: 1, members: 1 });
    // The default page holds 25 teams; bad paging is a 400 that names the field.
    expect((await page('')).rows).toHaveLength(7);
    const bad = await app.inject({ method: 'GET', url: '/api/teams?limit=0', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Limit/);
    expect((await app.inject({ method: 'GET', url: '/api/teams?offset=-1', headers })).statusCode).toBe(400);
    await app.close();
  });
});
