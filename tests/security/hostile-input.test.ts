import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import type { z } from 'zod';
import { api, type Endpoint } from '@/contract';
import { createTestApp } from '../server/helpers/test-app';
import { asUser, seedActivity, seedUser, type Person } from '../server/activity/helpers';

/**
 * Every endpoint of the contract, fed hostile values in every field, answers a
 * 4xx with a readable message and leaves the database exactly as it was. The endpoint list is the
 * contract itself, so a new endpoint is covered the day it is added.
 */

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
const endpoints: [string, Endpoint][] = Object.entries(api).flatMap(([group, set]) =>
  Object.entries(set as Record<string, Endpoint>).map(([name, endpoint]) => [`${group}.${name}`, endpoint] as [string, Endpoint]),
);

/** Values no field of the contract accepts: NUL and control characters, out-of-range numbers, wrong shapes. */
const hostileValue = fc.constantFrom<unknown>(
  'abc\u0000def',
  '\u0000',
  'line\u0007bell',
  2_147_483_648,
  -1,
  1e308,
  1.5,
  [],
  [1, 2],
  'x'.repeat(5000),
  { nested: { deeper: '\u0000' } },
);

/** Query and path values: every one is out of range, malformed or carries a NUL. */
const hostileText = fc.constantFrom(
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  'abc',
  '0000-01-01',
  '0001-01-01',
  '2026-11-01\u0000',
  '2026-02-30',
  '2026-11-22T22:30:00',
  '\u0000',
  'x'.repeat(3000),
);

const fieldsOf = (schema: z.ZodType | undefined): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
};

/** A checksum of every table: any insert, update or delete changes it. */
const databaseChecksum = async (ctx: Ctx) => {
  const result = await ctx.db.execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { tablename: string }[] }).rows) as { tablename: string }[];
  const parts: string[] = [];
  for (const { tablename } of rows) {
    const sums = await ctx.db.execute(sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from "${tablename}" t`));
    const sumRows = (Array.isArray(sums) ? sums : (sums as unknown as { rows: { sum: string }[] }).rows) as { sum: string }[];
    parts.push(`${tablename}:${sumRows[0]?.sum ?? ''}`);
  }
  return parts.join(',');
};

let ctx: Ctx;
let employee: Person;
let admin: Person;
let activityId: number;
let importToken: string;

beforeAll(async () => {
  ctx = await createTestApp({ now: '2026-11-22T10:00:00Z' });
  employee = await seedUser(ctx.db, 'user');
  admin = await seedUser(ctx.db, 'admin');
  activityId = (await seedActivity(ctx.db, employee.id, '2026-11-20T07:00:00Z')).id;
  // The admin list fills a year's derived rows on its first read: do that before any checksum.
  expect((await asUser(ctx, admin)({ method: 'GET', url: '/api/leaders' })).statusCode).toBe(200);
  // Each caller signs in once (a session row), also before any checksum.
  expect((await asUser(ctx, employee)({ method: 'GET', url: '/api/user/activity/feed' })).statusCode).toBe(200);
  importToken = ((await asUser(ctx, employee)({ method: 'POST', url: '/api/users/import-tokens', payload: { name: 'Phone' } })).json() as { token: string }).token;
});
afterAll(async () => {
  await ctx.app.close();
});

type Inject = (options: InjectOptions) => Promise<{ statusCode: number; body: string }>;
const callAs = (endpoint: Endpoint): Inject => {
  if (endpoint.auth === 'guest') return (options) => ctx.app.inject(options);
  // The import endpoints are called as a phone app is: with the employee's import token.
  if (endpoint.auth === 'importToken') return (options) => ctx.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${importToken}` } });
  return asUser(ctx, endpoint.auth === 'admin' ? admin : employee);
};

const pathWith = (endpoint: Endpoint, id: string) => `/api${endpoint.path.replace(/:(\w+)/g, () => encodeURIComponent(id))}`;

const expectRefused = (label: string, response: { statusCode: number; body: string }) => {
  if (response.statusCode < 400 || response.statusCode >= 500) throw new Error(`${label} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  const body = JSON.parse(response.body) as { message?: unknown; serverCode?: unknown };
  expect(typeof body.message, label).toBe('string');
  expect((body.message as string).length, label).toBeGreaterThan(0);
  expect(body.serverCode, label).toMatch(/^[A-Z_]+$/);
};

describe('hostile input on every contract endpoint', () => {
  test.each(endpoints.filter(([, endpoint]) => endpoint.path.includes(':')))('%s: hostile path ids are a 4xx, nothing changes', async (label, endpoint) => {
    const before = await databaseChecksum(ctx);
    await fc.assert(
      fc.asyncProperty(hostileText, async (id) => {
        const response = await callAs(endpoint)({ method: endpoint.method, url: pathWith(endpoint, id), payload: endpoint.method === 'GET' ? undefined : {} });
        expectRefused(`${label} id=${JSON.stringify(id)}`, response);
      }),
      { numRuns: 25 },
    );
    expect(await databaseChecksum(ctx)).toBe(before);
  });

  test.each(endpoints.filter(([, endpoint]) => fieldsOf(endpoint.query).length > 0))('%s: hostile query values are a 4xx or ignored, never a 5xx', async (label, endpoint) => {
    const before = await databaseChecksum(ctx);
    const keys = fieldsOf(endpoint.query);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...keys), hostileText, async (key, value) => {
        const response = await callAs(endpoint)({ method: endpoint.method, url: pathWith(endpoint, String(activityId)), query: { [key]: value } });
        expect(response.statusCode, `${label} ${key}=${JSON.stringify(value)}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: 30 },
    );
    expect(await databaseChecksum(ctx)).toBe(before);
  });

  test.each(endpoints.filter(([, endpoint]) => endpoint.body))('%s: a hostile value in any body field is a 4xx, nothing changes', async (label, endpoint) => {
    const before = await databaseChecksum(ctx);
    const keys = [...fieldsOf(endpoint.body), 'unexpected'];
    await fc.assert(
      fc.asyncProperty(fc.subarray(keys, { minLength: 1 }), fc.array(hostileValue, { minLength: keys.length, maxLength: keys.length }), async (chosen, values) => {
        const payload = Object.fromEntries(chosen.map((key, index) => [key, values[index]]));
        // Every chosen field is hostile, and a field left out is missing: some part is always invalid.
        if (chosen.length === 1 && chosen[0] === 'unexpected') payload.unexpected = '\u0000';
        const response = await callAs(endpoint)({ method: endpoint.method, url: pathWith(endpoint, String(activityId)), payload });
        expectRefused(`${label} ${JSON.stringify(payload).slice(0, 200)}`, response);
      }),
      { numRuns: 25 },
    );
    expect(await databaseChecksum(ctx)).toBe(before);
  });
});

describe('malformed requests', () => {
  const signup = api.auth.signup;

  test.each([
    ['no boundary', 'multipart/form-data', 'firstName=Ann'],
    ['a truncated body', 'multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nAnn\r\n--XYZ\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG'],
    ['a broken part header', 'multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Dispo\r\n\r\n--XYZ--'],
  ])('sign-up with %s is a 400, nothing changes', async (_label, contentType, payload) => {
    const before = await databaseChecksum(ctx);
    const response = await ctx.app.inject({ method: 'POST', url: `/api${signup.path}`, headers: { 'content-type': contentType }, payload });
    expectRefused(`signup ${_label}`, response);
    expect(response.statusCode).toBe(400);
    expect(await databaseChecksum(ctx)).toBe(before);
  });

  test('a date-time without a zone is refused, never read in the server zone', async () => {
    const response = await asUser(ctx, employee)({ method: 'POST', url: '/api/user/activity/log', payload: { name: 'Yoga', movingTime: 10, startTime: '2026-11-22T22:30:00' } });
    expect(response.statusCode).toBe(400);
    const zoned = await asUser(ctx, employee)({ method: 'POST', url: '/api/user/activity/log', payload: { name: 'Yoga', movingTime: 10, startTime: '2026-11-21T22:30:00-05:00' } });
    expect(zoned.statusCode).toBe(201);
    expect(JSON.parse(zoned.body)).toMatchObject({ startDate: '2026-11-22', startTime: '03:30' });
  });

  test.each(['0000-01-01', '0001-01-01', '1899-12-31', '2026-11-01\u0000', '2026-02-29'])('the date %j is a 400', async (date) => {
    const response = await asUser(ctx, employee)({ method: 'POST', url: '/api/user/activity/daily-step-achievement', payload: { date } });
    expect(response.statusCode).toBe(400);
  });

  test('ids at the top of the integer range are a 404 or 400, never a 500', async () => {
    const put = asUser(ctx, employee);
    expect((await put({ method: 'DELETE', url: '/api/user/activity/2147483647' })).statusCode).toBe(404);
    expect((await put({ method: 'DELETE', url: '/api/user/activity/2147483648' })).statusCode).toBe(400);
    const feed = await put({ method: 'GET', url: '/api/user/activity/feed?page=214748365' });
    expect(feed.statusCode).toBe(400);
    expect(JSON.parse(feed.body).message).toBe('Page must be 100000 or less');
  });

  test('names and titles with NUL or control characters are refused with a readable message', async () => {
    const log = await asUser(ctx, employee)({ method: 'POST', url: '/api/user/activity/log', payload: { name: 'Run\u0000ning', movingTime: 10, startTime: '2026-11-20' } });
    expect(log.statusCode).toBe(400);
    const event = await asUser(ctx, employee)({ method: 'POST', url: '/api/user/activity/log-event-participation', payload: { name: 'Trail\u001brace', date: '2026-11-20' } });
    expect(event.statusCode).toBe(400);
    expect(JSON.parse(event.body).message).toBe('Title must not contain control characters');
  });
});

describe('trailing slashes (/api/user/activity/ and /api/user/activity)', () => {
  test('every path answers with and without its trailing slash', async () => {
    const get = asUser(ctx, employee);
    const plain = await get({ method: 'GET', url: '/api/user/activity?startDate=2026-11-01&endDate=2026-11-30' });
    const slashed = await get({ method: 'GET', url: '/api/user/activity/?startDate=2026-11-01&endDate=2026-11-30' });
    expect(slashed.statusCode).toBe(200);
    expect(slashed.body).toBe(plain.body);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    const logged = await get({ method: 'POST', url: '/api/user/activity/log/', payload: { name: 'Yoga', movingTime: 5, startTime: '2026-11-21' } });
    expect(logged.statusCode).toBe(201);
  });
});
