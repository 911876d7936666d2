import { FIXTURE_PASSWORD, fixtureAdmin, fixtureId } from '../../mocks/fixtures';
import { DEFAULT_NOW, targets, type ContractTarget } from './harness';
import type { Client, Method } from './support/client';
import { SESSION_CHECK_TTL_MS } from '../../server/http/session-liveness';

/**
 * One request sequence on both hosts of the route table (Fastify in Node, MSW in mock mode): every
 * answer's status, code, message and values must be the same. Only what is random by design is
 * replaced before the comparison (tokens, request ids, photo names).
 */

type Step = { label: string; status: number; body: unknown };

const RANDOM_KEYS = new Set(['accessToken', 'requestId']);
const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** Random values out, everything else kept. */
const normalised = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(normalised);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, RANDOM_KEYS.has(key) ? '<random>' : normalised(item)]));
  if (typeof value === 'string' && JWT.test(value)) return '<token>';
  return value;
};

const run = async (target: ContractTarget): Promise<Step[]> => {
  await target.reset(DEFAULT_NOW);
  const steps: Step[] = [];
  const send = async (label: string, client: Client, method: Method, path: string, options: Parameters<Client['request']>[2] = {}) => {
    const response = await client.request(method, path, options);
    steps.push({ label, status: response.status, body: normalised(response.body) });
    return response;
  };
  const guest = target.client();
  await send('health', guest, 'GET', '/health');
  await send('public settings', guest, 'GET', '/config');
  await send('access options', guest, 'GET', '/access/options');
  await send('no endpoint', guest, 'GET', '/nothing-here');
  await send('guest on an employee endpoint', guest, 'GET', '/user/activity/feed');
  await send('wrong password', guest, 'POST', '/auth/signin', { body: { email: 'bea@wellness.test', password: 'not-the-password' } });
  await send('invalid body', guest, 'POST', '/auth/signin', { body: { email: 'no-at-sign' } });
  await send('invalid JSON', guest, 'POST', '/auth/signin', { rawBody: '{"email":', contentType: 'application/json' });

  // Sign-up, the confirmation link from the outbox, sign-in.
  const form = new FormData();
  for (const [name, value] of Object.entries({ firstName: 'Nora', lastName: 'Newcomer', email: 'nora@wellness.test', password: 'Newcomer123!', dateOfBirth: '1990-06-15', gender: 'female', levelOfCompetition: 'Advanced' })) form.append(name, value);
  const newcomer = target.client();
  await send('sign-up', newcomer, 'POST', '/auth/signup', { formData: form });
  const link = [...target.mails()].reverse().find((mail) => mail.to === 'nora@wellness.test');
  const token = link ? decodeURIComponent(/confirm-email\?token=([^\s"<&]+)/.exec(link.text)?.[1] ?? '') : '';
  await send('confirm the address', newcomer, 'POST', '/access/confirm-email', { body: { token } });
  await send('confirm it again', newcomer, 'POST', '/access/confirm-email', { body: { token } });
  const nora = (await send('newcomer signs in', newcomer, 'POST', '/auth/signin', { body: { email: 'nora@wellness.test', password: 'Newcomer123!' } })).body.accessToken as string;

  // An employee's own writes, and what colleagues see.
  const bea = (await send('bea signs in', target.client(), 'POST', '/auth/signin', { body: { email: 'bea@wellness.test', password: FIXTURE_PASSWORD } })).body.accessToken as string;
  const employee = target.client();
  const logged = await send('log', employee, 'POST', '/user/activity/log', { token: bea, body: { name: 'Running', movingTime: 45, startTime: '2026-11-20T07:30:00.000Z' } });
  const id = logged.body.id as number;
  await send('log with a bad title', employee, 'POST', '/user/activity/log', { token: bea, body: { name: 'Other', otherName: '', movingTime: 0, startTime: '2026-11-20T07:30:00.000Z' } });
  await send('edit', employee, 'PUT', `/user/activity/${id}`, { token: bea, body: { name: 'Walking', movingTime: 60, startDate: '2026-11-21' } });
  await send('edit outside the year', employee, 'PUT', `/user/activity/${id}`, { token: bea, body: { name: 'Walking', movingTime: 60, startDate: '2025-01-21' } });
  await send('steps', employee, 'POST', '/user/activity/daily-step-achievement', { token: bea, body: { date: '2026-11-21' } });
  await send('steps twice', employee, 'POST', '/user/activity/daily-step-achievement', { token: bea, body: { date: '2026-11-21' } });
  await send('event', employee, 'POST', '/user/activity/log-event-participation', { token: bea, body: { name: 'City run', isInTheTopThree: true, date: '2026-11-19' } });
  await send('month', employee, 'GET', '/user/activity', { token: bea, query: { startDate: '2026-11-01', endDate: '2026-11-30' } });
  await send('someone else deletes it', employee, 'DELETE', `/user/activity/${id}`, { token: nora });
  await send('feed of a colleague (a private colleague is absent)', employee, 'GET', '/user/activity/feed', { token: nora });
  await send('delete', employee, 'DELETE', `/user/activity/${id}`, { token: bea });
  await send('delete again', employee, 'DELETE', `/user/activity/${id}`, { token: bea });
  await send('top leaders', employee, 'GET', '/leaders/top', { token: bea });

  // An admin: search that folds accents, a bonus, the leaders after it, the audit trail.
  const admin = (await send('admin signs in', target.client(), 'POST', '/auth/signin', { body: { email: fixtureAdmin.email, password: fixtureAdmin.password } })).body.accessToken as string;
  const console = target.client();
  await send('employee on an admin endpoint', console, 'GET', '/users', { token: bea });
  for (const [email, firstName, lastName] of [
    ['ivan@wellness.test', 'Ștefan', 'Popescu'],
    ['alex@wellness.test', 'José', 'Núñez'],
    ['eli@wellness.test', 'Ħasan', 'Żammit'],
  ] as const) {
    const detail = (await send(`detail of ${email}`, console, 'GET', `/users/${fixtureId(email)}`, { token: admin })).body;
    await send(`rename ${email}`, console, 'PUT', `/users/${fixtureId(email)}`, {
      token: admin,
      body: { firstName, lastName, dateOfBirth: detail.dateOfBirth, gender: detail.gender, levelOfCompetition: detail.levelOfCompetition },
    });
  }
  for (const search of ['stefan', 'Ștefan', 'jose', 'nunez', 'hasan', 'zammit', 'ivan@']) await send(`search ${search}`, console, 'GET', '/users', { token: admin, query: { search } });
  await send('users sorted by last name', console, 'GET', '/users', { token: admin, query: { sort: 'lastName' } });
  await send('bonus', console, 'PUT', `/users/${fixtureId('bea@wellness.test')}/quarterly-bonus`, {
    token: admin,
    body: { newQuarterlyBonusData: { firstQuarter: false, secondQuarter: false, thirdQuarter: true, fourthQuarter: false } },
  });
  await send('leaders after the bonus', console, 'GET', '/leaders', { token: admin, query: { levelOfCompetition: 'Beginner' } });
  await send('top leaders after the bonus', console, 'GET', '/leaders/top', { token: admin });
  await send('audit trail', console, 'GET', '/audit', { token: admin });

  // A deleted account's token reads nothing any more.
  await send('newcomer deletes the account', newcomer, 'POST', '/privacy/account-deletion', { token: nora, body: { password: 'Newcomer123!' } });
  // Every process trusts a liveness answer for at most this long (docs/product-rules.md#sessions).
  await new Promise((resolve) => setTimeout(resolve, SESSION_CHECK_TTL_MS + 50));
  await send("the deleted account's token", newcomer, 'GET', '/user/activity/feed', { token: nora });
  return steps;
};

describe('the same request sequence on both hosts', () => {
  beforeAll(async () => {
    for (const target of targets) await target.setup();
  });
  afterAll(async () => {
    for (const target of targets) await target.teardown();
  });

  test('gives the same statuses, codes, messages and values', async () => {
    const [server, mocks] = [await run(targets[0]!), await run(targets[1]!)];
    expect(server.length).toBeGreaterThan(45);
    // The sequence did what it says: the search found the accented names, the deleted token was refused.
    expect(server.find((step) => step.label === 'search stefan')?.body).toMatchObject({ count: 1 });
    expect(server.find((step) => step.label === "the deleted account's token")?.status).toBe(401);
    expect(mocks).toEqual(server);
  }, 180_000);
});
