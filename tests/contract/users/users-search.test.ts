import { leadersEndpoints } from '@/contract/leaders';
import { usersEndpoints } from '@/contract/users';
import { fixtureAdmin, fixtureId, fixtureUsers } from '../../../mocks/fixtures';
import { expectError, expectSuccess, targets, useTarget, type ContractTarget } from '../harness';

/** Issue 14: the admin users list searched, filtered and sorted in SQL (and the same in the mocks). */

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
    expect(none).toEqual({ rows: [], count: 0 });
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

  test('bad filters are 400s', async () => {
    const token = await setUp();
    expectError(await target.call(usersEndpoints.list, { token, query: { sort: 'password' } }), 400, 'VALIDATION_FAILED');
    expectError(await target.call(usersEndpoints.list, { token, query: { order: 'sideways' } }), 400, 'VALIDATION_FAILED', 'Order must be asc or desc');
    expectError(await target.call(usersEndpoints.list, { token, query: { search: 'x'.repeat(101) } }), 400, 'VALIDATION_FAILED', 'Search must be at most 100 characters');
  });
});
