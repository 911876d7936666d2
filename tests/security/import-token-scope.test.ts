import type { HTTPMethods, InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { activities, dailyStepAchievements } from '../../server/db/schema';
import { createTestApp } from '../server/helpers/test-app';
import { asUser, seedUser, type Person } from '../server/activity/helpers';

/*
 * docs/security.md "Import tokens": a phone app's personal import token imports into its owner's
 * account and does nothing else. Walked from the app's registered routes, so a route added later is
 * covered: on every route but the two import endpoints, the token is no credential at all (401 where
 * a sign-in is needed, the guest's answer where none is); the import endpoints take no access token.
 */

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let employee: Person;
let colleague: Person;
let admin: Person;
let token: string;

const IMPORT_ROUTES = new Set(['POST /api/import/health-auto-export', 'POST /api/import/phone']);

beforeAll(async () => {
  ctx = await createTestApp();
  employee = await seedUser(ctx.db, 'user');
  colleague = await seedUser(ctx.db, 'user');
  admin = await seedUser(ctx.db, 'admin');
  token = ((await asUser(ctx, employee)({ method: 'POST', url: '/api/users/import-tokens', payload: { name: 'iPhone' } })).json() as { token: string }).token;
});
afterAll(async () => {
  await ctx.app.close();
});

type Registered = { label: string; method: HTTPMethods; url: string; auth: string };
const apiRoutes = (): Registered[] => {
  const seen = new Map<string, Registered>();
  for (const route of ctx.app.registeredRoutes) {
    if (!route.url.startsWith('/api')) continue;
    for (const method of [route.method].flat() as HTTPMethods[]) {
      const label = `${method} ${route.url}`;
      seen.set(label, { label, method, url: route.url, auth: route.config?.auth ?? 'guest' });
    }
  }
  return [...seen.values()];
};

/** One plain request per route: ids filled in, an empty JSON object for a body. */
const requestOf = (route: Registered, authorization?: string): InjectOptions => ({
  method: route.method as NonNullable<InjectOptions['method']>,
  url: route.url.replace(/:(\w+)/g, '1'),
  ...(['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(route.method) ? {} : { payload: {} }),
  headers: authorization ? { authorization } : {},
});

test('the import endpoints are the only routes that take an import token, and they are declared so', () => {
  const routes = apiRoutes();
  expect(routes.filter((route) => route.auth === 'importToken').map((route) => route.label).sort()).toEqual([...IMPORT_ROUTES].sort());
});

test('on every route that needs a sign-in, the import token is refused with 401', async () => {
  const failures: string[] = [];
  const checked = apiRoutes().filter((route) => !IMPORT_ROUTES.has(route.label) && route.auth !== 'guest');
  for (const route of checked) {
    const response = await ctx.app.inject(requestOf(route, `Bearer ${token}`));
    if (response.statusCode !== 401) failures.push(`${route.label} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
  }
  expect(checked.length).toBeGreaterThan(40);
  expect(failures).toEqual([]);
});

test('on the guest routes the import token changes nothing: the same answer as without it', async () => {
  const failures: string[] = [];
  for (const route of apiRoutes().filter((candidate) => candidate.auth === 'guest')) {
    // Sign-in, sign-up and the like count attempts: one of each per address is well inside their limits.
    const without = await ctx.app.inject(requestOf(route));
    const withToken = await ctx.app.inject(requestOf(route, `Bearer ${token}`));
    const code = (body: string) => (body.startsWith('{') ? (JSON.parse(body) as { serverCode?: string }).serverCode : undefined);
    if (withToken.statusCode !== without.statusCode || code(withToken.body) !== code(without.body)) failures.push(`${route.label}: ${without.statusCode} without, ${withToken.statusCode} with the token`);
  }
  expect(failures).toEqual([]);
});

test('the import endpoints refuse an access token, an employee\'s and an admin\'s', async () => {
  for (const person of [employee, admin]) {
    for (const url of ['/api/import/phone', '/api/import/health-auto-export']) {
      const response = await asUser(ctx, person)({ method: 'POST', url, payload: { steps: [{ date: '2026-11-21', count: 20_000 }] } });
      expect(response.statusCode).toBe(401);
    }
  }
});

test('a push writes into the token owner\'s account only: a user named in the body is ignored', async () => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/import/phone',
    payload: { userId: colleague.id, user: { id: colleague.id }, steps: [{ date: '2026-11-21', count: 20_000 }], workouts: [{ type: 'Yoga', start: '2026-11-21T07:00:00Z', minutes: 30, userId: colleague.id }] },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  expect(await ctx.db.select().from(dailyStepAchievements).where(eq(dailyStepAchievements.userId, colleague.id))).toEqual([]);
  expect(await ctx.db.select().from(activities).where(eq(activities.userId, colleague.id))).toEqual([]);
  expect((await ctx.db.select().from(activities).where(eq(activities.userId, employee.id))).map((row) => row.source)).toEqual(['phone']);
});
