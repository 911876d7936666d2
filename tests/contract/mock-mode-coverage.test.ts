import { api, type Endpoint } from '@/contract';
import { mockClock } from '../../mocks/clock';
import { nodeMockHost } from '../support/mock-host';

/**
 * Mock mode answers every contract endpoint with the server's own route table (mocks/host): no
 * endpoint falls through to the host's 'No endpoint' answer. Nothing per endpoint is written for
 * mock mode, so this holds once the server registers the route (server/api.ts).
 */
const host = nodeMockHost();
const endpoints = Object.entries(api).flatMap(([domain, group]) => Object.entries(group as Record<string, Endpoint>).map(([name, endpoint]) => ({ name: `${domain}.${name}`, endpoint })));
/** Every path parameter as 1: the route is found whatever the id; the answer itself does not matter here. */
const pathOf = (path: string) => path.replace(/:(\w+)/g, '1');

beforeAll(async () => {
  host.server.listen({ onUnhandledRequest: 'error' });
  mockClock.set('2026-11-22T10:00:00Z');
  await host.reset();
});
afterAll(async () => {
  host.server.close();
  await host.stop();
});

describe('mock mode hosts every endpoint', () => {
  test.each(endpoints)('$name', async ({ endpoint }) => {
    const response = await fetch(`http://localhost:3000/api${pathOf(endpoint.path)}`, { method: endpoint.method });
    const body = (await response.text()).slice(0, 300);
    expect(body).not.toContain('No endpoint');
  });
});
