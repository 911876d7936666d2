import { createTestApp } from '../helpers/test-app';
import { addUser, authHeader } from '../helpers/competition-seed';

/*
 * Product rules: Admin search. Names are stored folded by PostgreSQL's unaccent; the search words are
 * folded by the same SQL, so a letter unaccent knows ('Ș', 'Ħ', 'Ł') is found typed either way.
 */

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
afterEach(async () => {
  await ctx?.app.close();
});

const names = (rows: { firstName: string }[]) => rows.map((row) => row.firstName).sort();

test.each([
  ['Ștefan', ['Ștefan']],
  ['stefan', ['Ștefan']],
  ['ȘTEFAN ionescu', ['Ștefan']],
  ['Ħasan', ['Ħasan']],
  ['hasan ħabib', ['Ħasan']],
  ['Łukasz', ['Łukasz']],
  ['Đorđe', ['Đorđe']],
  ['zzz', []],
])('searching %s in the users and leaders lists finds %o', async (search, expected) => {
  ctx = await createTestApp();
  const admin = await addUser(ctx.db, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  await addUser(ctx.db, { firstName: 'Ștefan', lastName: 'Ionescu' });
  await addUser(ctx.db, { firstName: 'Ħasan', lastName: 'Ħabib' });
  await addUser(ctx.db, { firstName: 'Łukasz', lastName: 'Wiśniewski' });
  await addUser(ctx.db, { firstName: 'Đorđe', lastName: 'Petrović' });
  await addUser(ctx.db, { firstName: 'Stella', lastName: 'Habermas' });
  const headers = await authHeader(ctx.db, admin, ctx.config, ctx.clock.now());
  const query = `search=${encodeURIComponent(search)}`;
  const usersList = await ctx.app.inject({ method: 'GET', url: `/api/users?${query}`, headers });
  expect(usersList.statusCode).toBe(200);
  expect(names(usersList.json().rows)).toEqual(expected);
  const leaders = await ctx.app.inject({ method: 'GET', url: `/api/leaders?${query}&limit=100`, headers });
  expect(leaders.statusCode).toBe(200);
  expect(names(leaders.json().rows)).toEqual(expected);
});
