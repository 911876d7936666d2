import Papa from 'papaparse';
import { activityEndpoints } from '@/contract/activity';
import { leadersEndpoints } from '@/contract/leaders';
import { usersEndpoints } from '@/contract/users';
import { FIXTURE_PASSWORD, fixtureAdmin, fixtureId, fixtureUsers } from '../../mocks/fixtures';
import { expectError, expectSuccess, targets, useTarget, type ContractTarget } from './harness';

/** Product rules: CSV exports. Admin CSV exports, parsed back with a CSV library, on server and mocks alike. */

const parse = (text: string, target?: ContractTarget) => {
  // The UTF-8 BOM spreadsheet programs need: visible in the server's raw body; fetch's text() (the
  // mocks' target) drops a leading BOM by specification, so there it cannot be seen.
  if (target?.name === 'server') expect(text.startsWith('\uFEFF')).toBe(true);
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  expect(result.errors).toEqual([]);
  return result.data;
};

const rename = async (target: ContractTarget, token: string, email: string, firstName: string, lastName: string) => {
  const user = fixtureUsers.find((candidate) => candidate.email === email)!;
  expectSuccess(
    usersEndpoints.update,
    await target.call(usersEndpoints.update, { token, params: { id: fixtureId(email) }, body: { firstName, lastName, dateOfBirth: user.dateOfBirth, gender: user.gender, levelOfCompetition: user.levelOfCompetition } }),
  );
};

describe.each(targets)('admin CSV exports on $name', (target) => {
  useTarget(target);
  const admin = async () => (await target.signIn(fixtureAdmin.email, fixtureAdmin.password)).accessToken;

  test('the users table: every matching employee, RFC 4180 quoting, formulas neutralised, a dated file name', async () => {
    const token = await admin();
    await rename(target, token, 'bea@wellness.test', '=HYPERLINK("http://evil")', 'Smith, "Jr"');
    await rename(target, token, 'ivan@wellness.test', 'Zoë', '+Ångström');
    const response = await target.call(usersEndpoints.exportList, { token });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="employees-all-levels-${'2026-11-22'}.csv"`);
    const [header, ...rows] = parse(response.body as string, target);
    expect(header).toEqual(['First name', 'Last name', 'Email', 'Gender', 'Level of competition', 'Date of birth', '2026 Q1 bonus', '2026 Q2 bonus', '2026 Q3 bonus', '2026 Q4 bonus']);
    expect(rows).toHaveLength(5);
    const bea = rows.find((row) => row[2] === 'bea@wellness.test')!;
    expect(bea.slice(0, 2)).toEqual([`'=HYPERLINK("http://evil")`, 'Smith, "Jr"']);
    // Gender as the screen writes it, not the stored code.
    expect(bea[3]).toBe('Female');
    const ivan = rows.find((row) => row[2] === 'ivan@wellness.test')!;
    expect(ivan.slice(0, 2)).toEqual(['Zoë', `'+Ångström`]);

    const filtered = parse((await target.call(usersEndpoints.exportList, { token, query: { level: 'Beginner' } })).body as string);
    expect(filtered.slice(1).map((row) => row[2]).sort()).toEqual(['bea@wellness.test', 'pia@wellness.test']);
  });

  test('the leaders list of a level and year: every row, not one page', async () => {
    const token = await admin();
    const { accessToken } = await target.signIn('bea@wellness.test', FIXTURE_PASSWORD);
    expectSuccess(activityEndpoints.log, await target.call(activityEndpoints.log, { token: accessToken, body: { name: 'Yoga', movingTime: 30, startTime: '2026-11-20' } }));
    const response = await target.call(leadersEndpoints.exportList, { token, query: { competitionYear: 2026 } });
    expect(response.headers['content-disposition']).toBe('attachment; filename="leaders-all-levels-2026-2026-11-22.csv"');
    const [header, ...rows] = parse(response.body as string);
    expect(header).toEqual(['First name', 'Last name', 'Email', 'Level of competition', 'Annual Points', 'Monthly Points']);
    const list = expectSuccess(leadersEndpoints.list, await target.call(leadersEndpoints.list, { token, query: { competitionYear: 2026, limit: 2 } }));
    expect(rows).toHaveLength(list.count);
    expect(rows[0]).toEqual(['Bea', 'Beginner', 'bea@wellness.test', 'Beginner', '30', '30']);
  });

  test("one employee's workouts, events and achievements", async () => {
    const token = await admin();
    const { accessToken } = await target.signIn('bea@wellness.test', FIXTURE_PASSWORD);
    expectSuccess(activityEndpoints.log, await target.call(activityEndpoints.log, { token: accessToken, body: { name: 'Cycling', movingTime: 45, startTime: '2026-11-19T07:00:00Z' } }));
    expectSuccess(activityEndpoints.logEvent, await target.call(activityEndpoints.logEvent, { token: accessToken, body: { name: 'City 10K', date: '2026-11-18', isInTheTopThree: true } }));
    expectSuccess(activityEndpoints.addSteps, await target.call(activityEndpoints.addSteps, { token: accessToken, body: { date: '2026-11-17' } }));
    const response = await target.call(usersEndpoints.exportUser, { token, params: { id: fixtureId('bea@wellness.test') } });
    expect(response.headers['content-disposition']).toBe('attachment; filename="employee-beginner-bea-2026-11-22.csv"');
    expect(parse(response.body as string)).toEqual([
      ['Kind', 'Date', 'Title', 'Minutes', 'Top three', 'Points'],
      ['Workout', '2026-11-19', 'Cycling', '45', '', '45'],
      ['Event participation', '2026-11-18', 'City 10K', '', 'yes', ''],
      ['10,000 steps', '2026-11-17', '', '', '', ''],
    ]);
  });

  test('exports are for admins only', async () => {
    const { accessToken } = await target.signIn('bea@wellness.test', FIXTURE_PASSWORD);
    expectError(await target.call(usersEndpoints.exportList, { token: accessToken }), 403, 'FORBIDDEN');
    expectError(await target.call(leadersEndpoints.exportList, { token: accessToken }), 403, 'FORBIDDEN');
    expectError(await target.call(usersEndpoints.exportUser, { token: await admin(), params: { id: 999 } }), 404, 'NOT_FOUND');
  });
});
