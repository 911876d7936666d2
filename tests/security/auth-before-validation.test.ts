import type { HTTPMethods, InjectOptions } from 'fastify';
import { createTestApp } from '../server/helpers/test-app';
import { asUser, seedUser, type Person } from '../server/activity/helpers';

/*
 * docs/product-rules.md "Permissions": the server decides who may call a route before it looks at
 * what was sent. Every route the app registers (walked from the app itself, so a new route is
 * covered the day it is added) answers 401 to a guest and 403 to the wrong role, whatever the body,
 * path or query; only then is the input validated.
 */

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let employee: Person;
let admin: Person;

beforeAll(async () => {
  ctx = await createTestApp();
  employee = await seedUser(ctx.db, 'user');
  admin = await seedUser(ctx.db, 'admin');
});
afterAll(async () => {
  await ctx.app.close();
});

type Registered = { label: string; method: HTTPMethods; url: string; auth: string | undefined };
const apiRoutes = (): Registered[] => {
  const seen = new Map<string, Registered>();
  for (const route of ctx.app.registeredRoutes) {
    if (!route.url.startsWith('/api')) continue;
    for (const method of [route.method].flat() as HTTPMethods[]) {
      const label = `${method} ${route.url}`;
      seen.set(label, { label, method, url: route.url, auth: route.config?.auth ?? (route.url.startsWith('/api/docs') || route.url.startsWith('/api/uploads') ? 'guest' : 'user') });
    }
  }
  return [...seen.values()];
};

/** Inputs no route accepts: an empty object, broken JSON, a wrong type, ids that are not ids. */
const badInputs = (route: Registered): InjectOptions[] => {
  const url = route.url.replace(/:(\w+)/g, 'not-an-id');
  const withBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(route.method);
  // Every registered route's method is one inject sends (fastify's method list is the wider one).
  const base = { method: route.method as NonNullable<InjectOptions['method']>, url: `${url}?page=-1&startDate=nope` };
  if (!withBody) return [base, { ...base, url: route.url.replace(/:(\w+)/g, '%00') }];
  return [
    { ...base, payload: {} },
    { ...base, headers: { 'content-type': 'application/json' }, payload: '{"broken": ' },
    { ...base, payload: [1, 2, 3] },
    { ...base, headers: { 'content-type': 'multipart/form-data; boundary=XYZ' }, payload: '--XYZ\r\nbroken' },
  ];
};

const wrongRoleFor = (auth: string | undefined): Person | null => (auth === 'user' ? admin : auth === 'admin' ? employee : null);

test('the app registers its routes with a declared audience, and most need a signed-in caller', () => {
  const routes = apiRoutes();
  expect(routes.length).toBeGreaterThan(30);
  expect(routes.filter((route) => !route.auth).map((route) => route.label)).toEqual([]);
  expect(routes.filter((route) => route.auth !== 'guest').length).toBeGreaterThan(20);
});

test('a guest gets 401 from every non-guest route, whatever it sends', async () => {
  const failures: string[] = [];
  for (const route of apiRoutes().filter((candidate) => candidate.auth !== 'guest')) {
    for (const input of badInputs(route)) {
      const response = await ctx.app.inject(input);
      if (response.statusCode !== 401) failures.push(`${route.label} ${JSON.stringify(input.payload ?? '')} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
  }
  expect(failures).toEqual([]);
});

test('the wrong role gets 403 from every employee-only and admin-only route, whatever it sends', async () => {
  const failures: string[] = [];
  let checked = 0;
  for (const route of apiRoutes()) {
    const wrong = wrongRoleFor(route.auth);
    if (!wrong) continue;
    for (const input of badInputs(route)) {
      checked += 1;
      const response = await asUser(ctx, wrong)(input);
      if (response.statusCode !== 403) failures.push(`${route.label} ${JSON.stringify(input.payload ?? '')} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
  }
  expect(checked).toBeGreaterThan(20);
  expect(failures).toEqual([]);
});

test('the right role with the same bad input gets the validation answer (400), not 401 or 403', async () => {
  const log = await asUser(ctx, employee)({ method: 'POST', url: '/api/user/activity/log', payload: {} });
  expect(log.statusCode).toBe(400);
  const guest = await ctx.app.inject({ method: 'POST', url: '/api/user/activity/log', payload: {} });
  expect(guest.statusCode).toBe(401);
  const wrongRole = await asUser(ctx, admin)({ method: 'POST', url: '/api/user/activity/log', payload: {} });
  expect(wrongRole.statusCode).toBe(403);
});
