import { api, type Endpoint } from '@/contract';
import { endpointHandlers } from '../../mocks/handlers';
import { mockServer } from '../../mocks/node';

/**
 * Every contract endpoint must have an MSW handler, so nobody adds an endpoint without its mock.
 * NOT_YET may list endpoints whose handler is knowingly missing for a while (none today); the test
 * also fails while a listed endpoint HAS a handler, so the list stays exact.
 */
const NOT_YET = new Set<string>([]);

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

const handlerKeys = (handlers: readonly unknown[]) =>
  handlers.flatMap((handler) => {
    const info = ((handler as { info?: unknown }).info ?? {}) as { method?: unknown; path?: unknown };
    const path = String(info.path ?? '');
    return path.startsWith('*/api/') ? [key(String(info.method), path.slice('*/api'.length))] : [];
  });

const endpoints = Object.entries(api).flatMap(([domain, group]) =>
  Object.entries(group as Record<string, Endpoint>).map(([name, endpoint]) => ({ name: `${domain}.${name}`, key: key(endpoint.method, endpoint.path) })),
);

describe('mock handler coverage', () => {
  const mocked = new Set(handlerKeys(mockServer.listHandlers()));

  test.each(endpoints.filter((endpoint) => !NOT_YET.has(endpoint.key)))('$name ($key) has an MSW handler', ({ key: endpointKey }) => {
    expect(mocked.has(endpointKey)).toBe(true);
  });

  test('the "not yet" list names only real endpoints that still have no handler', () => {
    const known = new Set(endpoints.map((endpoint) => endpoint.key));
    expect([...NOT_YET].filter((entry) => !known.has(entry))).toEqual([]);
    expect([...NOT_YET].filter((entry) => mocked.has(entry))).toEqual([]);
  });

  test('no endpoint has two handlers, and none answers a path outside the contract', () => {
    const keys = handlerKeys(endpointHandlers).filter((entry) => entry !== 'GET /uploads/:name');
    expect(keys.filter((entry, index) => keys.indexOf(entry) !== index)).toEqual([]);
    const known = new Set(endpoints.map((endpoint) => endpoint.key));
    expect(keys.filter((entry) => !known.has(entry))).toEqual([]);
  });
});
