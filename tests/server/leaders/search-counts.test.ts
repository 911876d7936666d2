import { sql } from 'drizzle-orm';
import type { LevelOfCompetition } from '@/contract/common';
import { leadersEndpoints } from '@/contract/leaders';
import { rowsOf } from '../../../server/db/rows';
import { rescoreUserYear } from '../../../server/modules/scoring/repo';
import { createTestApp } from '../helpers/test-app';
import { authHeader, logActivity } from '../helpers/competition-seed';
import { randomOf } from '../helpers/seeded-random';
import { seedLeaderList, wholeList } from './leader-list-reference';

/*
 * The admin leaders list keeps each search's matched count under the users' search stamp and the
 * year's score_year_counts stamps (server/db/functions/leaders.sql): after any write, every count it
 * answers equals the whole list's length, and a kept count answers only while nobody changed what
 * it counts.
 */

const NOW = '2026-11-22T10:00:00Z';
const LeaderList = leadersEndpoints.list.response;
const SEARCHES = ['team', 'red', 'rare', 'red team1', 'emile', 'x'];
const LEVELS: Array<LevelOfCompetition | undefined> = [undefined, 'Elite'];

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
afterEach(async () => {
  await ctx?.app.close();
});

const setUp = async () => {
  ctx = await createTestApp({ now: NOW });
  const admin = await seedLeaderList(ctx.db);
  return authHeader(ctx.db, admin, ctx.config, ctx.clock.now());
};

const countOf = async (headers: Record<string, string>, search: string, level?: LevelOfCompetition, offset = 3) => {
  const url = `/api/leaders?limit=4&offset=${offset}&search=${encodeURIComponent(search)}${level ? `&levelOfCompetition=${level}` : ''}`;
  const response = await ctx.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, `${url} ${response.body}`).toBe(200);
  return LeaderList.parse(response.json()).count;
};

const expectedCount = async (search: string, level?: LevelOfCompetition) => (await wholeList(ctx.db, 2026, 11, level, search)).length;

const employeeIds = async () => rowsOf<{ id: number }>(await ctx.db.execute(sql`select id from users where role = 'user' order by id`)).map((row) => row.id);

const yearStamps = async () =>
  rowsOf<{ stamps: string | null }>(await ctx.db.execute(sql`select string_agg(stamp::text, ',' order by level_of_competition) as stamps from score_year_counts where competition_year = 2026`))[0]!
    .stamps;

test('after random writes of every kind, each count equals the whole list of its search', async () => {
  const headers = await setUp();
  const random = randomOf(53);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const someone = async () => pick(await employeeIds());
  const writes: Record<string, () => Promise<unknown>> = {
    // A first workout of the year makes a score row; one more changes only its points.
    workout: async () => logActivity(ctx.db, await someone(), pick(['2026-11-03', '2026-10-12']), 20),
    // A person's last workouts of the year gone: their score row goes with them.
    removeWorkouts: async () => {
      const id = await someone();
      await ctx.db.execute(sql`delete from activities where user_id = ${id}`);
      await rescoreUserYear(ctx.db, id, 2026);
    },
    // The year's level changes (an admin's correction): the score row moves to another level.
    relevel: async () => {
      const id = await someone();
      await ctx.db.execute(sql`insert into user_levels (user_id, competition_year, level_of_competition) values (${id}, 2026, ${pick(['Beginner', 'Elite'])})
                               on conflict (user_id, competition_year) do update set level_of_competition = excluded.level_of_competition`);
      await rescoreUserYear(ctx.db, id, 2026);
    },
    rename: async () => ctx.db.execute(sql`update users set first_name = ${pick(['Red', 'Émile', 'Bluex', 'Anna'])} where id = ${await someone()}`),
    makeAdmin: async () => ctx.db.execute(sql`update users set role = ${pick(['admin', 'user'])} where id = ${await someone()}`),
    remove: async () => ctx.db.execute(sql`delete from users where id = ${await someone()}`),
  };
  for (let step = 0; step < 30; step += 1) {
    const write = pick(Object.keys(writes));
    await writes[write]!();
    for (const search of SEARCHES) for (const level of LEVELS) expect(await countOf(headers, search, level), `step ${step} (${write}): '${search}' ${level ?? ''}`).toBe(await expectedCount(search, level));
  }
}, 180_000);

test('a count is counted again only when a stamp moved: a score row in or out, or a level move, moves the year stamp; a rescore of points does not', async () => {
  const headers = await setUp();
  const expected = await expectedCount('team');
  expect(await countOf(headers, 'team')).toBe(expected);

  // A score row made behind the trigger's back: the kept count answers, on every page, until a stamp moves.
  const unscored = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`select u.id from users u where u.role = 'user' and u.last_name like 'Team%'
                               and not exists (select 1 from score_years sy where sy.user_id = u.id and sy.competition_year = 2026) order by u.id limit 1`),
  )[0]!.id;
  const joinedLater = await ctx.db.execute(sql`select 1 from users where id = ${unscored} and created_at >= timestamptz '2027-04-01'`);
  expect(rowsOf(joinedLater)).toEqual([]);
  await ctx.db.execute(sql`alter table score_years disable trigger score_years_counts`);
  await logActivity(ctx.db, unscored, '2026-11-03', 30);
  await ctx.db.execute(sql`alter table score_years enable trigger score_years_counts`);
  // The kept matched count answers: the person left the unscored part, which is counted live, and
  // did not join the kept scored part (a fresh count would say `expected` again).
  expect(await expectedCount('team')).toBe(expected);
  expect(await countOf(headers, 'team', undefined, 0)).toBe(expected - 1);
  expect(await countOf(headers, 'team', undefined, 8)).toBe(expected - 1);

  // More points for someone already scored: no count changes, the stamps stay.
  const stamps = await yearStamps();
  await logActivity(ctx.db, unscored, '2026-11-04', 30);
  expect(await yearStamps()).toBe(stamps);

  // A score row out (their workouts deleted): the year's stamp moves and the count is counted again.
  const scored = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`select sy.user_id as id from score_years sy join users u on u.id = sy.user_id
                              where sy.competition_year = 2026 and u.role = 'user' and u.last_name like 'Team%' order by sy.user_id desc limit 1`),
  )[0]!.id;
  await ctx.db.execute(sql`delete from activities where user_id = ${scored}`);
  await rescoreUserYear(ctx.db, scored, 2026);
  expect(await yearStamps()).not.toBe(stamps);
  expect(await countOf(headers, 'team')).toBe(await expectedCount('team'));

  // A level move of a score row moves the stamps of the two levels it leaves and joins.
  const moved = await yearStamps();
  const [elite] = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`select sy.user_id as id from score_years sy join users u on u.id = sy.user_id
                              where sy.competition_year = 2026 and sy.level_of_competition <> 'Elite' and u.role = 'user' and u.last_name like 'Team%' order by sy.user_id limit 1`),
  );
  const eliteBefore = await countOf(headers, 'team', 'Elite');
  await ctx.db.execute(sql`insert into user_levels (user_id, competition_year, level_of_competition) values (${elite!.id}, 2026, 'Elite')
                           on conflict (user_id, competition_year) do update set level_of_competition = 'Elite'`);
  await rescoreUserYear(ctx.db, elite!.id, 2026);
  expect(await yearStamps()).not.toBe(moved);
  expect(await countOf(headers, 'team', 'Elite')).toBe(await expectedCount('team', 'Elite'));
  expect(await countOf(headers, 'team', 'Elite')).toBe(eliteBefore + 1);
});
