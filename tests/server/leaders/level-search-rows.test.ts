import { eq, sql } from 'drizzle-orm';
import { userLevels, users } from '../../../server/db/schema';
import { rebuildScores } from '../../../server/modules/scoring/repo';
import { createTestApp } from '../helpers/test-app';
import { addUser, authHeader, logActivity } from '../helpers/competition-seed';

/*
 * The leaders list searched within one level: after every kind of change (new user, rename, new
 * e-mail, level of a year, role, rebuild, deletion) the search finds people by that year's level and
 * their current names (plain reads of users, user_levels and score_years).
 */

test('GET /leaders?search within a level: the year level and current names after every kind of change', async () => {
  const { app, db, config, clock } = await createTestApp({ now: '2026-11-22T10:00:00Z' });
  const admin = await addUser(db, { role: 'admin' });
  const anna = await addUser(db, { firstName: 'Anna', lastName: 'Moss', level: 'Beginner' });
  const bob = await addUser(db, { firstName: 'Bob', lastName: 'Moss', level: 'Beginner', levels: { 2024: 'Elite', 2026: 'Beginner' } });
  await logActivity(db, anna.id, '2026-05-03', 20);
  const headers = await authHeader(db, admin, config, clock.now());
  const search = async (query: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/leaders?${query}`, headers });
    expect(response.statusCode, query).toBe(200);
    const body = response.json<{ count: number; rows: Array<{ userId: number; lastName: string }> }>();
    return { count: body.count, ids: body.rows.map((row) => row.userId) };
  };

  // A past year finds Bob in that year's level only.
  expect(await search('search=moss&levelOfCompetition=Beginner')).toEqual({ count: 2, ids: [anna.id, bob.id] });
  expect(await search('search=moss&levelOfCompetition=Elite&competitionYear=2024')).toEqual({ count: 1, ids: [bob.id] });
  expect(await search('search=moss&levelOfCompetition=Beginner&competitionYear=2024')).toEqual({ count: 1, ids: [anna.id] });

  // A user added later; a rename; a new e-mail.
  const carl = await addUser(db, { firstName: 'Carl', lastName: 'Moss', level: 'Beginner' });
  expect(await search('search=moss&levelOfCompetition=Beginner')).toEqual({ count: 3, ids: [anna.id, bob.id, carl.id] });
  await db.update(users).set({ lastName: 'Zed' }).where(eq(users.id, carl.id));
  expect(await search('search=moss&levelOfCompetition=Beginner')).toEqual({ count: 2, ids: [anna.id, bob.id] });
  expect(await search('search=ze&levelOfCompetition=Beginner&competitionYear=2024')).toEqual({ count: 1, ids: [carl.id] });
  await db.update(users).set({ email: 'carl.rivera@example.com' }).where(eq(users.id, carl.id));
  expect(await search('search=rivera%20carl&levelOfCompetition=Beginner')).toEqual({ count: 1, ids: [carl.id] });

  // A level change of this year moves Bob; a promotion to admin takes Anna out of every list.
  await db.update(userLevels).set({ levelOfCompetition: 'Advanced' }).where(eq(userLevels.userId, bob.id));
  expect(await search('search=moss&levelOfCompetition=Advanced')).toEqual({ count: 1, ids: [bob.id] });
  expect(await search('search=bob&levelOfCompetition=Beginner')).toEqual({ count: 0, ids: [] });
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, anna.id));
  expect(await search('search=moss&levelOfCompetition=Beginner')).toEqual({ count: 0, ids: [] });

  // A rebuild rewrites score_years; a deletion leaves at once.
  await rebuildScores(db, 2000, 2100);
  expect(await search('search=carl&levelOfCompetition=Beginner')).toEqual({ count: 1, ids: [carl.id] });
  await db.delete(users).where(eq(users.id, carl.id));
  expect(await search('search=carl&levelOfCompetition=Beginner')).toEqual({ count: 0, ids: [] });
  await app.close();
});

test('GET /leaders?search within a level: every shape of page, with one term and with several', async () => {
  const { app, db, config, clock } = await createTestApp({ now: '2026-11-22T10:00:00Z' });
  const admin = await addUser(db, { role: 'admin' });
  // 60 employees of one level: 'Team' everyone, 'Red' one in three, 'Rare' two of them.
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, gender, level_of_competition)
    select 'p' || g || '@example.com', 'x', case when g % 3 = 0 then 'Red' else 'Blue' end, case when g in (7, 40) then 'Rare' else 'Team' || g end, 'other', 'Elite'
      from generate_series(1, 60) g`);
  const headers = await authHeader(db, admin, config, clock.now());
  const get = async (query: string) => (await app.inject({ method: 'GET', url: `/api/leaders?levelOfCompetition=Elite&${query}`, headers })).json<{ count: number; rows: Array<{ userId: number; firstName: string; lastName: string }> }>();
  const whole = await get('limit=100&offset=0');
  expect(whole.count).toBe(60);
  const expectSameAs = async (search: string, keep: (row: { firstName: string; lastName: string }) => boolean) => {
    const expected = whole.rows.filter(keep);
    // From the top, near the end (read from the end), small matches (collected), past the end.
    for (const [limit, offset] of [[10, 0], [5, 5], [3, expected.length - 2], [10, expected.length], [100, 0]] as const) {
      const answer = await get(`search=${encodeURIComponent(search)}&limit=${limit}&offset=${Math.max(0, offset)}`);
      expect(answer.count, `${search} ${limit} ${offset}`).toBe(expected.length);
      expect(answer.rows.map((row) => row.userId), `${search} ${limit} ${offset}`).toEqual(expected.slice(Math.max(0, offset), Math.max(0, offset) + limit).map((row) => row.userId));
    }
  };
  await expectSameAs('red', (row) => row.firstName === 'Red');
  await expectSameAs('rare', (row) => row.lastName === 'Rare');
  await expectSameAs('team', (row) => row.lastName.startsWith('Team'));
  await expectSameAs('red team1', (row) => row.firstName === 'Red' && row.lastName.startsWith('Team1'));
  await expectSameAs('team1 red red', (row) => row.firstName === 'Red' && row.lastName.startsWith('Team1'));
  await expectSameAs('nobody', () => false);
  await app.close();
});
