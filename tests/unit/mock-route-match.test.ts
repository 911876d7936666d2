import { describe, expect, it } from 'vitest';
import { api } from '@/contract/index';
import type { Endpoint } from '@/contract/common';
import type { RouteTable } from '../../server/http/route-table';
import { routeMatcher } from '../../mocks/host/match-route';

/**
 * Mock mode finds an endpoint the way Fastify does: a static segment beats a `:param` in the same
 * place. Checked over the whole contract, since an ordering that only compared neighbours broke as
 * the table grew (`GET /users/import-tokens` was answered by the admin's `GET /users/:id`: 403).
 */
const endpoints = Object.values(api).flatMap((group) => Object.values(group as Record<string, Endpoint>));
const table = { routes: endpoints.map((endpoint) => ({ endpoint, handler: () => undefined })) } as unknown as RouteTable;
const match = routeMatcher(table);

describe("mock mode's router", () => {
  it('answers every endpoint without parameters with itself, never with a `:param` route of the same shape', () => {
    const wrong = endpoints
      .filter((endpoint) => !endpoint.path.includes(':'))
      .filter((endpoint) => match(endpoint.method, `/api${endpoint.path}`)?.entry.endpoint !== endpoint)
      .map((endpoint) => `${endpoint.method} ${endpoint.path} -> ${match(endpoint.method, `/api${endpoint.path}`)?.entry.endpoint.path}`);
    expect(endpoints.length).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  });

  it('fills a parameter where no static route fits', () => {
    expect(match('GET', '/api/users/42')?.params).toEqual({ id: '42' });
  });
});
