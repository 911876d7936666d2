import { eq } from 'drizzle-orm';
import { userLevels, users } from '../../../server/db/schema';
import { rebuildScores } from '../../../server/modules/scoring/repo';
import { createTestApp } from '../helpers/test-app';
import { addUser, authHeader, logActivity } from '../helpers/competition-seed';

const NOW = '2026-11-22T10:00:00Z';

/**
 * The list reads score_years (a row per user and year, with copies of role and names): rows made
 * after a list, renames, role and level changes must show at once, in every year listed.
 */
test('GET /leaders: users, names, roles and levels changed after a list show at once', async () => {
  const { app, db, config, clock } = await createTestApp({ now: NOW });
  const admin = await addUser(db, { role: 'admin' });
  const anna = await addUser(db, { firstName: 'Anna', lastName: 'Moss', level: 'Beginner' });
  const bob = await addUser(db, { firstName: 'Bob', lastName: 'Moss', level: 'Beginner', levels: { 2024: 'Elite', 2026: 'Beginner' } });
  await logActivity(db, anna.id, '2026-05-03', 20);
  const headers = await authHeader(db, admin, config, clock.now());
  const list = async (query: string) => (await app.inject({ method: 'GET', url: `/api/leaders?${query}`, headers })).json();
  const ids = (body: { rows: Array<{ userId: number }> }) => body.rows.map((row) => row.userId);

  expect(ids(await list('levelOfCompetition=Beginner'))).toEqual([anna.id, bob.id]);
  // A past year without any score row: every employee with 0 points, by name, that year's level.
  expect(await list('competitionYear=2024&levelOfCompetition=Elite')).toEqual({
    count: 1,
    rows: [{ userId: bob.id, firstName: 'Bob', lastName: 'Moss', email: bob.email, levelOfCompetition: 'Elite', annualPoints: 0, monthlyPoints: 0 }],
  });
  expect(ids(await list('competitionYear=2024&levelOfCompetition=Beginner'))).toEqual([anna.id]);

  // A user added after the rows were filled, a rename that reorders the 0-point tail.
  const carl = await addUser(db, { firstName: 'Carl', lastName: 'Adams', level: 'Beginner' });
  expect(ids(await list('levelOfCompetition=Beginner'))).toEqual([anna.id, carl.id, bob.id]);
  await db.update(users).set({ lastName: 'Zed' }).where(eq(users.id, carl.id));
  expect(await list('levelOfCompetition=Beginner&limit=1&offset=2')).toEqual({
    count: 3,
    rows: [{ userId: carl.id, firstName: 'Carl', lastName: 'Zed', email: carl.email, levelOfCompetition: 'Beginner', annualPoints: 0, monthlyPoints: 0 }],
  });

  // A level change of the year and a promotion to admin.
  await db.update(userLevels).set({ levelOfCompetition: 'Advanced' }).where(eq(userLevels.userId, bob.id));
  expect(ids(await list('levelOfCompetition=Advanced'))).toEqual([bob.id]);
  expect([(await list('levelOfCompetition=Advanced')).count, (await list('levelOfCompetition=Beginner')).count]).toEqual([1, 2]);
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, anna.id));
  expect(ids(await list(''))).toEqual([bob.id, carl.id]);
  expect((await list('limit=1&offset=5')).count).toBe(2);

  // A rebuild truncates score_years (no rows for 0 points): the next list fills them again.
  await rebuildScores(db, 2000, 2100);
  const dave = await addUser(db, { firstName: 'Dave', lastName: 'Adams', level: 'Advanced' });
  expect(ids(await list('levelOfCompetition=Advanced'))).toEqual([dave.id, bob.id]);
  expect(ids(await list('competitionYear=2024'))).toEqual([dave.id, bob.id, carl.id]);
  expect((await list('levelOfCompetition=Advanced')).count).toBe(2);

  // A deleted employee leaves the counts at once.
  await db.delete(users).where(eq(users.id, dave.id));
  expect([(await list('levelOfCompetition=Advanced')).count, (await list('')).count]).toEqual([1, 2]);
  await app.close();
});
