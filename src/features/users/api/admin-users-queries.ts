import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { REREAD_WHEN_OPENED_MS } from '../../../api/freshness';
import { usersEndpoints } from '../../../api/contract/users';
import { usersQueryOf, type UsersView } from '../users-view';

/** Page sizes (docs/product-rules.md#page-sizes-and-pagination): admin users 10, workouts 8, events 10, achievements 10. */
export const USERS_PAGE_SIZE = 10;
export const WORKOUTS_PAGE_SIZE = 8;
export const EVENTS_PAGE_SIZE = 10;
export const ACHIEVEMENTS_PAGE_SIZE = 10;

/**
 * The one query-key factory of admin users management. Every mutation invalidates `all()`:
 * the table, the user's header and their three lists.
 */
export const adminUsersQueries = {
  all: () => ['admin-users'] as const,
  list: (view: UsersView) =>
    queryOptions({
      queryKey: [...adminUsersQueries.all(), 'list', usersQueryOf(view, USERS_PAGE_SIZE)] as const,
      queryFn: ({ signal }) => callApi(usersEndpoints.list, { query: usersQueryOf(view, USERS_PAGE_SIZE), signal }),
      staleTime: REREAD_WHEN_OPENED_MS,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...adminUsersQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => callApi(usersEndpoints.detail, { params: { id }, signal }),
    }),
  workouts: (id: number, page: number) =>
    queryOptions({
      queryKey: [...adminUsersQueries.all(), 'workouts', id, page] as const,
      queryFn: ({ signal }) => callApi(usersEndpoints.workouts, { params: { id }, query: { page, pageSize: WORKOUTS_PAGE_SIZE }, signal }),
    }),
  events: (id: number, page: number) =>
    queryOptions({
      queryKey: [...adminUsersQueries.all(), 'events', id, page] as const,
      queryFn: ({ signal }) =>
        callApi(usersEndpoints.eventParticipation, { params: { id }, query: { page, pageSize: EVENTS_PAGE_SIZE }, signal }),
    }),
  achievements: (id: number, page: number) =>
    queryOptions({
      queryKey: [...adminUsersQueries.all(), 'achievements', id, page] as const,
      queryFn: ({ signal }) =>
        callApi(usersEndpoints.dailyAchievements, { params: { id }, query: { page, pageSize: ACHIEVEMENTS_PAGE_SIZE }, signal }),
    }),
};
