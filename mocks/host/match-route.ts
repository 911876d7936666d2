import type { RouteEntry, RouteTable } from '../../server/http/route-table';
import { requestRefusals } from '../../server/http/error-answer';

/** Fastify's default: a path parameter longer than this is refused (414). */
const MAX_PARAM_LENGTH = 100;

type Compiled = { entry: RouteEntry; segments: string[] };

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/**
 * Static segments before `:params`, as Fastify's router decides: `DELETE /users/disconnect-api`
 * wins over `DELETE /users/:id`. Compared by each route's shape (static 0, param 1, segment by
 * segment): a total order, which Array.sort needs (comparing only the first differing kind and
 * calling everything else equal is not transitive, and put `/users/:id` before `/users/import-tokens`
 * once the table grew).
 */
const shapeOf = (segments: string[]) => segments.map((segment) => (segment.startsWith(':') ? '1' : '0')).join('');
const bySpecificity = (left: Compiled, right: Compiled) => {
  const [a, b] = [shapeOf(left.segments), shapeOf(right.segments)];
  return a < b ? -1 : a > b ? 1 : 0;
};

export type RouteMatch = { entry: RouteEntry; params: Record<string, string> };

/** Finds the route of a method and `/api/...` path the way the Node host's router does (trailing slash ignored). */
export const routeMatcher = (table: RouteTable) => {
  const compiled = table.routes.map((entry) => ({ entry, segments: segmentsOf(`/api${entry.endpoint.path}`) })).sort(bySpecificity);
  return (method: string, pathname: string): RouteMatch | null => {
    const sent = segmentsOf(pathname);
    for (const candidate of compiled) {
      if (candidate.entry.endpoint.method !== method || candidate.segments.length !== sent.length) continue;
      const params: Record<string, string> = {};
      const matches = candidate.segments.every((segment, index) => {
        const value = sent[index]!;
        if (!segment.startsWith(':')) return segment === value;
        params[segment.slice(1)] = value;
        return true;
      });
      if (!matches) continue;
      for (const [name, value] of Object.entries(params)) {
        if (value.length > MAX_PARAM_LENGTH) throw requestRefusals.addressTooLong();
        try {
          params[name] = decodeURIComponent(value);
        } catch {
          throw requestRefusals.invalidAddress();
        }
      }
      return { entry: candidate.entry, params };
    }
    return null;
  };
};
