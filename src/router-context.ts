import type { QueryClient } from '@tanstack/react-query';
import type { Clock } from '@/domain/clock';
import type { Auth } from './api/session';

/**
 * What every route and component may read: the query cache, the session and the one clock of the
 * app. Its own file: the route files need the type and the router needs the route tree, so keeping
 * it in router.tsx closed an import loop through the generated tree.
 */
export type RouterContext = { queryClient: QueryClient; auth: Auth; clock: Clock };
