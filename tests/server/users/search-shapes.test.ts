import { sql } from 'drizzle-orm';
import { LeaderList } from '@/contract/leaders';
import { userSortColumns, usersEndpoints } from '@/contract/users';
import { matchesSearch, searchWordsOf } from '@/domain/search-words';
import { createTestApp } from '../helpers/test-app';
import { addUser, authHeader } from '../helpers/competition-seed';

/*
 * Product rules: Admin search. The page's statement is written with the search's own terms
 * (server/modules/users/employee-page.ts, matchesEveryTermWritten), so PostgreSQL plans each search
 * for its share of the employees: walking the sort order's index and testing each row for a term
 * everyone matches, reading the trigram index and sorting for a rare one, narrowing by two terms.
 * With 400 employees the searches below take each of those shapes; each page and count must equal
 * the same search done in TypeScript over every employee.
 */

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
afterEach(async () => {
  await ctx?.app.close();
});

const EMPLOYEES = 400;
const UserList = usersEndpoints.list.response;

const setUp = async () => {
  ctx = await createTestApp();
  const admin = await addUser(ctx.db, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  // first<g>, Last<00g> (five are 'Other': 'last' matches all but five), bench<g>@example.com.
  await ctx.db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, gender, level_of_competition)
    select 'bench' || g || '@example.com', 'x', 'First' || g, case when g % 80 = 7 then 'Other' else 'Last' || lpad(g::text, 5, '0') end,
           (array['male','female','other'])[1 + g % 3], (array['Beginner','Intermediate','Advanced','Elite'])[1 + g % 4]
      from generate_series(1, ${EMPLOYEES}::int) g`);
  return authHeader(ctx.db, admin, ctx.config, ctx.clock.now());
};

const get = async (headers: Record<string, string>, url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, url).toBe(200);
  return response.json();
};

test('users table: every shape, sort, order and page equals the search done over all employees', async () => {
  const headers = await setUp();
  const everyone = UserList.parse(await get(headers, `/api/users?pageSize=100&currentPage=1`)).count;
  expect(everyone).toBe(EMPLOYEES);
  const all = async (sort: string, order: string, level?: string) => {
    const rows = [];
    for (let page = 1; page <= 4; page += 1) rows.push(...UserList.parse(await get(headers, `/api/users?pageSize=100&currentPage=${page}&sort=${sort}&order=${order}${level ? `&level=${level}` : ''}`)).rows);
    return rows;
  };
  const everySearch = ['last', 'first12', 'first1', 'bench3 first3', 'first12 bench12', 'last first1', 'zzz', 'bench', 'other'];
  // The three page shapes and the collected count in every order; every search in two of them.
  const shapes = ['last', 'first1', 'first12 bench12'];
  for (const sort of userSortColumns) {
    for (const order of ['asc', 'desc']) {
      for (const level of [undefined, 'Elite']) {
        const ordered = await all(sort, order, level);
        const searches = (sort === 'lastName' && order === 'asc' && !level) || (sort === 'gender' && order === 'desc' && level) ? everySearch : shapes;
        for (const search of searches) {
          const expected = ordered.filter((user) => matchesSearch(searchWordsOf(user.firstName, user.lastName, user.email), search));
          const pages = [1, 2, 3, Math.ceil(expected.length / 20), Math.ceil(expected.length / 40), Math.ceil(expected.length / 10) - 1].filter((page) => page >= 1);
          for (const currentPage of new Set(pages)) {
            const url = `/api/users?search=${encodeURIComponent(search)}&pageSize=10&currentPage=${currentPage}&sort=${sort}&order=${order}${level ? `&level=${level}` : ''}`;
            const answer = UserList.parse(await get(headers, url));
            expect(answer.count, url).toBe(expected.length);
            expect(answer.rows, url).toEqual(expected.slice((currentPage - 1) * 10, currentPage * 10));
          }
        }
      }
    }
  }
}, 120_000);

test('admin leaders list: every shape and offset equals the search done over the whole list', async () => {
  const headers = await setUp();
  for (const level of [undefined, 'Advanced']) {
    const levelQuery = level ? `&levelOfCompetition=${level}` : '';
    const whole = LeaderList.parse(await get(headers, `/api/leaders?limit=100&offset=0${levelQuery}`));
    const ordered = [...whole.rows];
    for (let offset = 100; offset < whole.count; offset += 100) ordered.push(...LeaderList.parse(await get(headers, `/api/leaders?limit=100&offset=${offset}${levelQuery}`)).rows);
    expect(ordered).toHaveLength(level ? EMPLOYEES / 4 : EMPLOYEES);
    for (const search of ['last', 'first12', 'first1', 'bench3 first3', 'first12 bench12', 'zzz', 'bench']) {
      const expected = ordered.filter((row) => matchesSearch(searchWordsOf(row.firstName, row.lastName, row.email), search));
      for (const offset of new Set([0, 10, 30, Math.max(0, expected.length - 15), Math.floor(expected.length / 2)])) {
        const url = `/api/leaders?search=${encodeURIComponent(search)}&limit=10&offset=${offset}${levelQuery}`;
        const answer = LeaderList.parse(await get(headers, url));
        expect(answer.count, url).toBe(expected.length);
        expect(answer.rows, url).toEqual(expected.slice(offset, offset + 10));
      }
    }
  }
});

/*
 * A lone term that all but a few employees match, on deep pages: a shorter start every employee
 * matches ('last') leaves out only a few. Some employees also have a second word of that start
 * ('-Last9...'), few or many of them, so a match on either word of a name is checked too.
 */
const seedAllButFew = async (secondWordEvery: number) => {
  ctx = await createTestApp();
  const admin = await addUser(ctx.db, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  await ctx.db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, gender, level_of_competition)
    select 'bench' || g || '@example.com', 'x', 'First' || g,
           case when g % 50 in (5, 7) then 'Last1' || g else 'Last0' || lpad(g::text, 4, '0') end || case when g % ${secondWordEvery}::int = 3 then '-Last9' || g else '' end,
           (array['male','female','other'])[1 + g % 3], (array['Beginner','Intermediate','Advanced','Elite'])[1 + g % 4]
      from generate_series(1, ${EMPLOYEES}::int) g`);
  return authHeader(ctx.db, admin, ctx.config, ctx.clock.now());
};

const expectEveryDeepPage = async (headers: Record<string, string>, search: string, sorts: readonly string[]) => {
  for (const sort of sorts) {
    for (const order of ['asc', 'desc']) {
      for (const level of [undefined, 'Elite']) {
        const levelQuery = level ? `&level=${level}` : '';
        const ordered = [];
        for (let page = 1; page <= 4; page += 1) ordered.push(...UserList.parse(await get(headers, `/api/users?pageSize=100&currentPage=${page}&sort=${sort}&order=${order}${levelQuery}`)).rows);
        const expected = ordered.filter((user) => matchesSearch(searchWordsOf(user.firstName, user.lastName, user.email), search));
        expect(expected.length).toBeLessThan(ordered.length);
        const last = Math.ceil(expected.length / 10);
        for (const currentPage of new Set([1, 2, Math.floor(last / 2), Math.floor(last / 2) + 1, last - 1, last, last + 1])) {
          const url = `/api/users?search=${search}&pageSize=10&currentPage=${currentPage}&sort=${sort}&order=${order}${levelQuery}`;
          const answer = UserList.parse(await get(headers, url));
          expect(answer.count, url).toBe(expected.length);
          expect(answer.rows, url).toEqual(expected.slice((currentPage - 1) * 10, currentPage * 10));
        }
      }
    }
  }
};

test('users table: a term all but a few match, every page, sort and order equals the search over all employees', async () => {
  const headers = await seedAllButFew(40); // 10 employees with a second 'last' word: the except read
  await expectEveryDeepPage(headers, 'last0', userSortColumns);
}, 120_000);

test('users table: when many employees have a second word of the same start, the other plan answers the same', async () => {
  const headers = await seedAllButFew(4); // 100 employees with a second 'last' word: past the except read's cap
  await expectEveryDeepPage(headers, 'last0', ['lastName', 'email']);
}, 120_000);

test('admin leaders list: a broad term within one level, counted and paged in one pass, equals the search over the level', async () => {
  const headers = await setUp();
  const whole = LeaderList.parse(await get(headers, `/api/leaders?limit=100&offset=0&levelOfCompetition=Intermediate`));
  expect(whole.count).toBe(EMPLOYEES / 4);
  for (const search of ['first1', 'last', 'first1 bench1', 'bench']) {
    const expected = whole.rows.filter((row) => matchesSearch(searchWordsOf(row.firstName, row.lastName, row.email), search));
    const pages: Array<[limit: number, offset: number]> = [[10, 0], [10, 10], [5, 20], [10, expected.length - 3], [10, expected.length], [25, 1]];
    for (const [limit, offset] of pages) {
      const url = `/api/leaders?search=${encodeURIComponent(search)}&levelOfCompetition=Intermediate&limit=${limit}&offset=${offset}`;
      const answer = LeaderList.parse(await get(headers, url));
      expect(answer.count, url).toBe(expected.length);
      expect(answer.rows, url).toEqual(expected.slice(offset, offset + limit));
    }
  }
});

test('users table sorted by level: pages past whole levels (skipped by their counts) equal the search over all employees', async () => {
  const headers = await setUp();
  // The reference order is built here, from every employee read in name order (not by level).
  const everyone = [];
  for (let page = 1; page <= 4; page += 1) everyone.push(...UserList.parse(await get(headers, `/api/users?pageSize=100&currentPage=${page}&sort=lastName`)).rows);
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  for (const order of ['asc', 'desc']) {
    const ordered = [...everyone].sort(
      (a, b) => (order === 'asc' ? 1 : -1) * byText(a.levelOfCompetition, b.levelOfCompetition) || byText(a.lastName, b.lastName) || byText(a.firstName, b.firstName) || a.id - b.id,
    );
    for (const search of ['', 'bench', 'first1', 'last']) {
      const expected = ordered.filter((user) => matchesSearch(searchWordsOf(user.firstName, user.lastName, user.email), search));
      const last = Math.ceil(expected.length / 10);
      // Every page of a narrow term; around each level's end (100 a level) for the broad ones.
      const pages = expected.length <= 150 ? Array.from({ length: last + 1 }, (_, index) => index + 1) : [1, 2, 10, 11, 12, 19, 20, 21, 22, 29, 30, 31, 32, last - 1, last, last + 1];
      for (const currentPage of pages) {
        const url = `/api/users?search=${search}&pageSize=${currentPage % 3 === 0 ? 7 : 10}&currentPage=${currentPage}&sort=levelOfCompetition&order=${order}`;
        const size = currentPage % 3 === 0 ? 7 : 10;
        const answer = UserList.parse(await get(headers, url));
        expect(answer.count, url).toBe(expected.length);
        expect(answer.rows, url).toEqual(expected.slice((currentPage - 1) * size, currentPage * size));
      }
    }
  }
}, 120_000);
