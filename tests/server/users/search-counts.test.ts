import { sql } from 'drizzle-orm';
import { usersEndpoints } from '@/contract/users';
import { matchesSearch, searchWordsOf } from '@/domain/search-words';
import { rowsOf } from '../../../server/db/rows';
import { createTestApp } from '../helpers/test-app';
import { addUser, authHeader } from '../helpers/competition-seed';
import { randomOf } from '../helpers/seeded-random';

/*
 * The admin users search keeps each search's count under users_search_stamp (server/db/functions/admin-search.sql):
 * after any write, every count it answers equals the same search done over all employees, and a
 * count is taken from what was kept only while nobody changed what it counts.
 */

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
afterEach(async () => {
  await ctx?.app.close();
});

const UserList = usersEndpoints.list.response;
const SEARCHES = ['', 'bench', 'last0', 'first1', 'first1 bench1', 'zoe', 'ștefan'];
const LEVELS = [undefined, 'Elite'] as const;

const setUp = async (employees: number) => {
  ctx = await createTestApp();
  const admin = await addUser(ctx.db, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  await ctx.db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, gender, level_of_competition)
    select 'bench' || g || '@example.com', 'x', 'First' || g, 'Last' || lpad(g::text, 4, '0'),
           (array['male','female','other'])[1 + g % 3], (array['Beginner','Intermediate','Advanced','Elite'])[1 + g % 4]
      from generate_series(1, ${employees}::int) g`);
  return authHeader(ctx.db, admin, ctx.config, ctx.clock.now());
};

const countOf = async (headers: Record<string, string>, search: string, level?: string) => {
  const url = `/api/users?pageSize=10&currentPage=2${search ? `&search=${encodeURIComponent(search)}` : ''}${level ? `&level=${level}` : ''}`;
  const response = await ctx.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, `${url} ${response.body}`).toBe(200);
  return UserList.parse(response.json()).count;
};

/** The same search over every employee, in TypeScript. */
const expectedCount = async (search: string, level?: string) => {
  const people = rowsOf<{ first_name: string; last_name: string; email: string; level_of_competition: string }>(
    await ctx.db.execute(sql`select first_name, last_name, email, level_of_competition from users where role = 'user'`),
  );
  return people.filter((person) => (!level || person.level_of_competition === level) && matchesSearch(searchWordsOf(person.first_name, person.last_name, person.email), search)).length;
};

const stamp = async () => rowsOf<{ stamp: string }>(await ctx.db.execute(sql`select stamp::text from users_search_stamp`))[0]!.stamp;

test('after random writes of every kind, each count equals the search over all employees', async () => {
  const headers = await setUp(60);
  const random = randomOf(37);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const someone = async () => {
    const ids = rowsOf<{ id: number }>(await ctx.db.execute(sql`select id from users where first_name <> 'Ada' order by id`)).map((row) => row.id);
    return pick(ids);
  };
  const writes: Record<string, () => Promise<unknown>> = {
    signUp: () => addUser(ctx.db, { firstName: pick(['Zoe', 'Ștefan', 'First19']), lastName: pick(['Last0077', 'Bench']), level: pick(['Beginner', 'Elite']) }),
    bulkSignUp: () =>
      ctx.db.execute(sql`insert into users (email, password_hash, first_name, last_name, gender, level_of_competition)
        select 'bulk' || g || '-' || ${Math.floor(random() * 1e9)}::bigint || '@example.com', 'x', 'Zoe', 'Last0' || g, 'other', 'Elite' from generate_series(1, 3) g`),
    rename: async () => ctx.db.execute(sql`update users set first_name = ${pick(['Zoe', 'Stefan', 'First1', 'Anna'])} where id = ${await someone()}`),
    reEmail: async () => ctx.db.execute(sql`update users set email = ${`moved${Math.floor(random() * 1e9)}@example.com`} where id = ${await someone()}`),
    relevel: async () => ctx.db.execute(sql`update users set level_of_competition = ${pick(['Beginner', 'Elite'])} where id = ${await someone()}`),
    makeAdmin: async () => ctx.db.execute(sql`update users set role = ${pick(['admin', 'user'])} where id = ${await someone()}`),
    remove: async () => ctx.db.execute(sql`delete from users where id = ${await someone()}`),
    unrelated: async () => ctx.db.execute(sql`update users set password_hash = 'y' where id = ${await someone()}`),
  };
  for (let step = 0; step < 40; step += 1) {
    await writes[pick(Object.keys(writes))]!();
    for (const search of SEARCHES) for (const level of LEVELS) expect(await countOf(headers, search, level), `step ${step}: '${search}' ${level ?? ''}`).toBe(await expectedCount(search, level));
  }
}, 120_000);

test('a count is counted again only when the stamp moved, and only statements that can change a count move it', async () => {
  const headers = await setUp(30);
  expect(await countOf(headers, 'bench')).toBe(30);
  // A person added behind the trigger's back: the kept count is what answers, until the stamp moves.
  await ctx.db.execute(sql`alter table users disable trigger users_search_stamp_moved`);
  await addUser(ctx.db, { firstName: 'Bench' });
  await ctx.db.execute(sql`alter table users enable trigger users_search_stamp_moved`);
  expect(await countOf(headers, 'bench')).toBe(30);
  expect(await countOf(headers, 'bench', 'Beginner')).toBe(await expectedCount('bench', 'Beginner'));

  const before = await stamp();
  await ctx.db.execute(sql`update users set password_hash = 'z', is_private_activity = true`);
  expect(await stamp()).toBe(before);
  expect(await countOf(headers, 'bench')).toBe(30);

  await ctx.db.execute(sql`update users set level_of_competition = level_of_competition where id = (select min(id) from users)`);
  expect(await stamp()).not.toBe(before);
  expect(await countOf(headers, 'bench')).toBe(31);

  // One statement for many rows moves the stamp once, in the writer's transaction: a rolled-back write leaves it.
  const moved = await stamp();
  await expect(
    ctx.db.transaction(async (tx) => {
      await tx.execute(sql`delete from users where first_name like 'First%'`);
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(await stamp()).toBe(moved);
  expect(await countOf(headers, 'bench')).toBe(31);
  await ctx.db.execute(sql`delete from users where first_name like 'First1%'`);
  expect(await countOf(headers, 'bench')).toBe(await expectedCount('bench'));
  expect(await countOf(headers, 'bench')).toBeLessThan(31);
});
