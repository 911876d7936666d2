import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/db/rows';
import type { Db } from '../../../server/db/client';
import { createTestApp } from '../helpers/test-app';
import { addUser, authHeader, logActivity, logEvent, logSteps } from '../helpers/competition-seed';

/*
 * GET never writes (docs/architecture.md#derived-state-and-its-keepers): no read fills rows, not
 * even for a year nobody has read before. Every table's content is fingerprinted before and after
 * the app's reads, as an employee and as an admin, for the current and past years.
 */

const fingerprint = async (db: Db) => {
  const tables = rowsOf<{ name: string }>(await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`)).map((row) => row.name);
  const prints: Record<string, string> = {};
  for (const table of tables) {
    const [row] = rowsOf<{ print: string | null }>(await db.execute(sql.raw(`select md5(string_agg(t::text, ',' order by t::text)) as print from "${table}" t`)));
    prints[table] = row?.print ?? 'empty';
  }
  return prints;
};

test('the reads of the app change no row', async () => {
  const ctx = await createTestApp({ now: '2026-11-22T10:00:00Z' });
  const admin = await addUser(ctx.db, { role: 'admin' });
  const ann = await addUser(ctx.db, { firstName: 'Ann' });
  const bo = await addUser(ctx.db, { firstName: 'Bo', level: 'Elite' });
  await logActivity(ctx.db, ann.id, '2026-11-02', 40);
  await logSteps(ctx.db, bo.id, '2026-10-11');
  await logEvent(ctx.db, bo.id, '2025-06-01', true);
  // Each person signs in once, before the fingerprint: a sign-in writes its session row.
  const headers = new Map<number, { authorization: string }>();
  for (const person of [admin, ann, bo]) headers.set(person.id, await authHeader(ctx.db, person, ctx.config, ctx.clock.now()));
  const before = await fingerprint(ctx.db);
  const reads: Array<[{ id: number; role: 'admin' | 'user' }, string]> = [
    [ann, '/api/user/activity?startDate=2026-11-01&endDate=2026-11-30'],
    [ann, '/api/user/activity/participated-events?date=2026-11-02'],
    [ann, '/api/user/activity/feed'],
    [ann, '/api/insights/progress'],
    [ann, '/api/insights/progress?competitionYear=2023'],
    [ann, '/api/leaders/top'],
    [ann, '/api/leaders/top?competitionYear=2024'],
    [ann, `/api/users/${ann.id}/profile`],
    [ann, '/api/users/apis'],
    [admin, '/api/insights/overview'],
    [admin, '/api/insights/overview?competitionYear=2024'],
    [admin, '/api/leaders'],
    [admin, '/api/leaders?competitionYear=2023&levelOfCompetition=Elite&search=bo'],
    [admin, '/api/leaders/export.csv?competitionYear=2025'],
    [admin, '/api/users?search=ann'],
    [admin, '/api/users/export.csv'],
    [admin, `/api/users/${ann.id}`],
    [admin, `/api/users/${ann.id}/workouts`],
    [admin, `/api/users/${bo.id}/event-participation`],
    [admin, `/api/users/${bo.id}/daily-achievements`],
    [admin, '/api/audit'],
  ];
  for (const [person, url] of reads) {
    const response = await ctx.app.inject({ method: 'GET', url, headers: headers.get(person.id)! });
    expect(response.statusCode, url).toBe(200);
  }
  expect(await fingerprint(ctx.db)).toEqual(before);
  await ctx.app.close();
});
