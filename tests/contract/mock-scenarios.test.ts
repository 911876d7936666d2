import { mockClock } from '../../mocks/clock';
import { fixtureEmployee } from '../../mocks/fixtures';
import { mockOutbox } from '../../mocks/outbox';
import { readFileSync } from 'node:fs';
import { BACKGROUND_CALLS, SLOW_SCENARIO_MS, mockScenario } from '../../mocks/scenarios';
import { nodeMockHost } from '../support/mock-host';

/** The QA switches of mocks/scenarios.ts and the default cookie handling the SPA tests rely on, on the mock host. */
const host = nodeMockHost();
const employee = fixtureEmployee('Beginner');
const api = (path: string, init?: RequestInit) => fetch(`http://localhost/api${path}`, init);
const signin = () =>
  api('/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: employee.email, password: employee.password }) });
const accessToken = async () => ((await (await signin()).json()) as { accessToken: string }).accessToken;
const top = (token: string) => api('/leaders/top', { headers: { authorization: `Bearer ${token}` } });

beforeAll(() => host.server.listen({ onUnhandledRequest: 'error' }));
afterAll(async () => {
  host.server.close();
  await host.stop();
});
beforeEach(async () => {
  mockClock.set('2026-11-22T10:00:00Z');
  mockScenario.reset();
  mockScenario.setLatency(0);
  await host.reset();
});

test('server-error answers the next call and its automatic retry with 500, then everything is normal again', async () => {
  mockScenario.next('server-error');
  const failed = await api('/health');
  expect(failed.status).toBe(500);
  expect(await failed.json()).toEqual({ statusCode: 500, serverCode: 'INTERNAL_ERROR', message: 'Error in server , try again later' });
  // The same request again (TanStack Query's one retry of a read) fails too: the person sees the failure.
  expect((await api('/health')).status).toBe(500);
  expect((await api('/health')).status).toBe(200);
});

test('network-error makes the next call and its retry fail without a response', async () => {
  mockScenario.next('network-error');
  await expect(api('/health')).rejects.toThrow();
  await expect(api('/health')).rejects.toThrow();
  expect((await api('/health')).status).toBe(200);
});

test("a failure switch passes over the app's own background calls (the session restore) and waits for the person's", async () => {
  await signin();
  mockScenario.next('server-error');
  expect((await api('/auth/refresh', { method: 'POST' })).status).toBe(200);
  expect((await api('/access/options')).status).toBe(200);
  expect((await api('/health')).status).toBe(500);
});

test("a failure switch passes over the profile's read on focus and the 2 s poll of a tracker's first import", async () => {
  const session = (await (await signin()).json()) as { accessToken: string; user: { id: number } };
  const headers = { authorization: `Bearer ${session.accessToken}` };
  for (const scenario of ['server-error', 'network-error'] as const) {
    mockScenario.next(scenario);
    expect((await api(`/users/${session.user.id}/profile`, { headers })).status).toBe(200);
    expect((await api('/users/apis', { headers })).status).toBe(200);
    expect(mockScenario.peek()).toBe(scenario);
    if (scenario === 'server-error') expect((await top(session.accessToken)).status).toBe(500);
    else await expect(top(session.accessToken)).rejects.toThrow();
    mockScenario.reset();
  }
});

test('mocks/README.md lists exactly the background calls a failure switch passes over', () => {
  const readme = readFileSync('mocks/README.md', 'utf8');
  const section = readme.slice(readme.indexOf('Which calls count for `server-error`'), readme.indexOf('So `?mock=server-error`'));
  const listed = [...section.matchAll(/^- `([A-Z]+ \/[^`]+)`:/gm)].map((match) => match[1]);
  expect(listed.sort()).toEqual([...BACKGROUND_CALLS].sort());
  expect(BACKGROUND_CALLS).toContain('GET /users/:id/profile');
  expect(BACKGROUND_CALLS).toContain('GET /users/apis');
});

test("no switch applies to a provider's call into the page (Polar's ping after the start): it waits for the person's", async () => {
  mockScenario.next('server-error');
  const ping = await api('/trackers/POLAR/signed-webhook', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'PING' }) });
  expect(ping.status).not.toBe(500);
  const validation = await api('/trackers/strava/webhook?hub.mode=subscribe&hub.challenge=abc&hub.verify_token=wrong');
  expect(validation.status).not.toBe(500);
  expect((await api('/health')).status).toBe(500);
});

test('expired-session skips guest calls and answers the next signed-in call with 401 TOKEN_EXPIRED', async () => {
  const token = await accessToken();
  mockScenario.next('expired-session');
  expect((await api('/health')).status).toBe(200);
  const expired = await top(token);
  expect(expired.status).toBe(401);
  expect(await expired.json()).toMatchObject({ serverCode: 'TOKEN_EXPIRED', message: 'Your session has expired' });
  expect((await top(token)).status).toBe(200);
});

test('slow holds the next answer, latency holds every answer', async () => {
  mockScenario.next('slow');
  let started = Date.now();
  expect((await api('/health')).status).toBe(200);
  expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_SCENARIO_MS - 50);
  mockScenario.setLatency(120);
  for (let call = 0; call < 2; call += 1) {
    started = Date.now();
    await api('/health');
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  }
});

test('a page URL arms scenarios: ?mock= for the next call, ?mockLatency= for all', () => {
  mockScenario.applyUrl('?mock=server-error&mockLatency=250');
  expect(mockScenario.peek()).toBe('server-error');
  expect(mockScenario.latency()).toBe(250);
  expect(() => mockScenario.next('explode' as never)).toThrow(/Unknown mock scenario/);
});

test('by default the host keeps the refresh cookie, so a fetch-based SPA refreshes without a cookie jar', async () => {
  expect((await signin()).status).toBe(200);
  const refreshed = await api('/auth/refresh', { method: 'POST', credentials: 'include' });
  expect(refreshed.status).toBe(200);
  expect((await api('/auth/signout', { method: 'POST', credentials: 'include' })).status).toBe(204);
  expect((await api('/auth/refresh', { method: 'POST', credentials: 'include' })).status).toBe(401);
});

test('the outbox keeps the reset link for QA', async () => {
  await api('/auth/forgot-password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: employee.email }) });
  await host.idle(); // the server mails after its answer
  const mail = mockOutbox.latestTo(employee.email);
  expect(mail?.link).toBe(`http://localhost:3000/reset-password?token=${mail?.token}`);
  expect((await api(`/auth/forgot-password?token=${mail?.token}`)).status).toBe(200);
});
