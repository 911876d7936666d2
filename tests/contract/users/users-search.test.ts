import { leadersEndpoints } from '@/contract/leaders';
import { usersEndpoints } from '@/contract/users';
import { fixtureAdmin, fixtureId, fixtureUsers } from '../../../mocks/fixtures';
import { expectError, expectSuccess, targets, useTarget, type ContractTarget } from '../harness';

/** Product rules: Admin search. The admin users list searched, filtered and sorted in SQL (and the same in the mocks). */

const rename = async (target: ContractTarget, token: string, email: string, firstName: string, lastName: string) => {
  const user = fixtureUsers.find((candidate) => candidate.email === email)!;
  expectSuccess(
    usersEndpoints.update,
    await target.call(usersEndpoints.update, {
      token,
      params: { id: fixtureId(email) },
      body: { firstName, lastName, dateOfBirth: user.dateOfBirth, gender: user.gender, levelOfCompetition: user.levelOfCompetition },
    }),
  );
};

describe.each(targets)('admin users search on $name', (target) => {
  useTarget(target);

  const list = async (token: string, query: Record<string, string | number>) => expectSuccess(usersEndpoints.list, await target.call(usersEndpoints.list, { token, query }));
  const names = (rows: { firstName: string; lastName: string }[]) => rows.map((row) => `${row.firstName} ${row.lastName}`);

  const setUp = async () => {
    const token = (await target.signIn(fixtureAdmin.email, fixtureAdmin.password)).accessToken;
    await rename(target, token, 'bea@wellness.test', 'María', 'López');
    await rename(target, token, 'ivan@wellness.test', 'Ana-Maria', 'Schmidt');
    await rename(target, token, 'alex@wellness.test', 'Alex', 'de Marco');
    return token;
  };

  test('case- and accent-insensitive, from any word start of first name, last name and e-mail', async () => {
    const token = await setUp();
    // By last name in code-point order (PostgreSQL's C collation): 'L' < 'S' < 'd'.
    expect(names((await list(token, { search: 'mar' })).rows)).toEqual(['María López', 'Ana-Maria Schmidt', 'Alex de Marco']);
    expect(names((await list(token, { search: 'MARIA' })).rows)).toEqual(['María López', 'Ana-Maria Schmidt']);
    expect(names((await list(token, { search: 'lopez' })).rows)).toEqual(['María López']);
    expect(names((await list(token, { search: 'ana mar' })).rows)).toEqual(['Ana-Maria Schmidt']);
    expect(names((await list(token, { search: 'ivan@' })).rows)).toEqual(['Ana-Maria Schmidt']); // the e-mail's words
    expect(names((await list(token, { search: 'aria' })).rows)).toEqual([]); // inside a word is not a word start
    const none = await list(token, { search: 'zzz' });
    expect(none).toMatchObject({ rows: [], count: 0 });
  });

  test('filter by level, sort by any column, and the count follows the filter', async () => {
    const token = await setUp();
    const beginners = await list(token, { level: 'Beginner' });
    expect(beginners.count).toBe(2);
    expect(names(beginners.rows)).toEqual(['María López', 'Pia Private']);
    expect((await list(token, { sort: 'email', order: 'desc' })).rows.map((row) => row.email)).toEqual([
      'pia@wellness.test',
      'ivan@wellness.test',
      'eli@wellness.test',
      'bea@wellness.test',
      'alex@wellness.test',
    ]);
    expect(names((await list(token, { sort: 'firstName', pageSize: 2, currentPage: 2 })).rows)).toEqual(['Eli Elite', 'María López']);
    const searchedPage = await list(token, { search: 'mar', pageSize: 2, currentPage: 2 });
    expect(searchedPage).toMatchObject({ count: 3 });
    expect(names(searchedPage.rows)).toEqual(['Alex de Marco']);
  });

  test('the admin leaders list searches by name within the chosen level and year', async () => {
    const token = await setUp();
    const leaders = async (query: Record<string, string | number>) => expectSuccess(leadersEndpoints.list, await target.call(leadersEndpoints.list, { token, query }));
    const all = await leaders({ search: 'mar' });
    expect(all.count).toBe(3);
    expect(all.rows.map((row) => row.lastName).sort()).toEqual(['López', 'Schmidt', 'de Marco']);
    const beginners = await leaders({ search: 'MARÍA', levelOfCompetition: 'Beginner' });
    expect(beginners).toMatchObject({ count: 1, rows: [{ firstName: 'María', lastName: 'López', levelOfCompetition: 'Beginner' }] });
    expect(await leaders({ search: 'nobody' })).toEqual({ rows: [], count: 0 });
  });

  // The server reads a page in one of several shapes (search-plan.ts): a term every employee matches
  // is dropped, a page nearer the end is read from the end, one row per page walks the order index
  // with a probe per row, a large page collects the matches and sorts them. Every shape must give
  // the same rows and exact count as the others, and as the mocks.
  const sorts = ['lastName', 'firstName', 'email', 'gender', 'levelOfCompetition'] as const;

  test('a term every employee matches (the e-mail domain): every sort, order and page equal the unsearched list', async () => {
    const token = await setUp();
    for (const sort of sorts) {
      for (const order of ['asc', 'desc'] as const) {
        for (const currentPage of [1, 2, 3]) {
          const query = { sort, order, pageSize: 2, currentPage };
          const searched = await list(token, { ...query, search: 'wellness' });
          expect(searched, `${sort} ${order} page ${currentPage}`).toEqual(await list(token, query));
          expect(searched.count).toBe(5);
        }
      }
    }
    expect((await list(token, { search: 'Wellness TEST', pageSize: 2, currentPage: 3 })).rows).toHaveLength(1); // the last page, read from the end
    expect(await list(token, { search: 'wellness', pageSize: 2, currentPage: 4 })).toMatchObject({ rows: [], count: 5 });
  });

  test('a narrowing term: one row per page (walked) equals one page of all (collected), in every order', async () => {
    const token = await setUp();
    for (const sort of sorts) {
      for (const order of ['asc', 'desc'] as const) {
        for (const search of ['mar', 'wellness mar', 'mar maria', 'test ana mar']) {
          const whole = await list(token, { search, sort, order, pageSize: 100 });
          const oneByOne = [];
          for (let currentPage = 1; currentPage <= whole.count; currentPage += 1) {
            const page = await list(token, { search, sort, order, pageSize: 1, currentPage });
            expect(page.count).toBe(whole.count);
            oneByOne.push(...page.rows);
          }
          expect(oneByOne, `${search} ${sort} ${order}`).toEqual(whole.rows);
        }
      }
    }
    expect((await list(token, { search: 'wellness mar' })).count).toBe(3);
    expect(names((await list(token, { search: 'mar maria' })).rows)).toEqual(['María López', 'Ana-Maria Schmidt']);
  });

  test('level filter with a search: the count and pages are those of the level', async () => {
    const token = await setUp();
    const beginners = await list(token, { search: 'wellness', level: 'Beginner', sort: 'firstName', order: 'desc' });
    expect(beginners).toMatchObject({ count: 2 });
    expect(names(beginners.rows)).toEqual(['Pia Private', 'María López']);
    expect(await list(token, { search: 'mar', level: 'Beginner', pageSize: 1, currentPage: 1 })).toMatchObject({ count: 1, rows: [{ firstName: 'María' }] });
    expect(await list(token, { search: 'mar', level: 'Beginner', pageSize: 1, currentPage: 2 })).toMatchObject({ rows: [], count: 1 });
    expect(await list(token, { search: 'schmidt', level: 'Beginner' })).toMatchObject({ rows: [], count: 0 });
    const intermediate = await list(token, { search: 'ana', level: 'Intermediate' });
    expect(intermediate).toMatchObject({ count: 1, rows: [{ email: 'ivan@wellness.test' }] });
  });

  test('the admin leaders search pages like the list: a term everyone matches, a narrowing one, with a level', async () => {
    const token = await setUp();
    const leaders = async (query: Record<string, string | number>) => expectSuccess(leadersEndpoints.list, await target.call(leadersEndpoints.list, { token, query }));
    for (const offset of [0, 2, 4, 6]) {
      expect(await leaders({ search: 'wellness', limit: 2, offset }), `offset ${offset}`).toEqual(await leaders({ limit: 2, offset }));
    }
    for (const [search, levelOfCompetition] of [['mar', undefined], ['test mar', undefined], ['mar', 'Beginner'], ['wellness', 'Beginner']] as const) {
      const query: Record<string, string> = levelOfCompetition ? { search, levelOfCompetition } : { search };
      const whole = await leaders({ ...query, limit: 100 });
      const oneByOne = [];
      for (let offset = 0; offset < whole.count; offset += 1) {
        const page = await leaders({ ...query, limit: 1, offset });
        expect(page.count).toBe(whole.count);
        oneByOne.push(...page.rows);
      }
      expect(oneByOne, `${search} ${levelOfCompetition ?? 'all'}`).toEqual(whole.rows);
    }
    expect((await leaders({ search: 'wellness', levelOfCompetition: 'Beginner' })).count).toBe(2);
    expect(await leaders({ search: 'mar', limit: 2, offset: 4 })).toEqual({ rows: [], count: 3 });
  });

  test('bad filters are 400s', async () => {
    const token = await setUp();
    expectError(await target.call(usersEndpoints.list, { token, query: { sort: 'password' } }), 400, 'VALIDATION_FAILED');
    expectError(await target.call(usersEndpoints.list, { token, query: { order: 'sideways' } }), 400, 'VALIDATION_FAILED', 'Order must be asc or desc');
    expectError(await target.call(usersEndpoints.list, { token, query: { search: 'x'.repeat(101) } }), 400, 'VALIDATION_FAILED', 'Search must be at most 100 characters');
  });
});
