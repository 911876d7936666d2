import { mockClock, mockOutbox, mockScenario, mockServer, resetMockDb } from '../../mocks/node';
import { fixtureEmployee } from '../../mocks/fixtures';
import { SLOW_SCENARIO_MS } from '../../mocks/scenarios';

/** The QA switches of mocks/scenarios.ts and the default cookie handling the SPA tests rely on. */
const employee = fixtureEmployee('Beginner');
const api = (path: string, init?: RequestInit) => fetch(`http://localhost/api${path}`, init);
const signin = () =>
  api('/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: employee.email, password: employee.password }) });
const accessToken = async () => ((await (await signin()).json()) as { accessToken: string }).accessToken;
const top = (token: string) => api('/leaders/top', { headers: { authorization: `Bearer ${token}` } });

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterAll(() => mockServer.close());
beforeEach(() => {
  mockClock.set('2026-11-22T10:00:00Z');
  resetMockDb();
  mockOutbox.clear();
  mockScenario.reset();
});

test('server-error answers the next call with 500, then everything is normal again', async () => {
  mockScenario.next('server-error');
  const failed = await api('/health');
  expect(failed.status).toBe(500);
  expect(await failed.json()).toEqual({ statusCode: 500, serverCode: 'INTERNAL_ERROR', message: 'Error in server , try again later' });
  expect((await api('/health')).status).toBe(200);
});

test('network-error makes the next call fail without a response', async () => {
  mockScenario.next('network-error');
  await expect(api('/health')).rejects.toThrow();
  expect((await api('/health')).status).toBe(200);
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

test('by default MSW keeps the refresh cookie, so a fetch-based SPA refreshes without a cookie jar', async () => {
  expect((await signin()).status).toBe(200);
  const refreshed = await api('/auth/refresh', { method: 'POST', credentials: 'include' });
  expect(refreshed.status).toBe(200);
  expect((await api('/auth/signout', { method: 'POST', credentials: 'include' })).status).toBe(204);
  expect((await api('/auth/refresh', { method: 'POST', credentials: 'include' })).status).toBe(401);
});

test('the outbox keeps the reset link for QA', async () => {
  await api('/auth/forgot-password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: employee.email }) });
  const mail = mockOutbox.latestTo(employee.email);
  expect(mail?.link).toBe(`http://localhost:3000/reset-password?token=${mail?.token}`);
  expect((await api(`/auth/forgot-password?token=${mail?.token}`)).status).toBe(200);
});
