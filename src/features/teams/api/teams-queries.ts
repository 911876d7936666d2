import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { REREAD_WHEN_OPENED_MS } from '../../../api/freshness';
import { TEAMS_PAGE_SIZE, teamsEndpoints } from '../../../api/contract/teams';

/** The one query-key factory of teams (docs/product-rules.md#teams). */
export const teamsQueries = {
  all: () => ['teams'] as const,
  /** A page (1 first) of TEAMS_PAGE_SIZE teams. */
  leaderboard: (year: number, page: number) =>
    queryOptions({
      queryKey: [...teamsQueries.all(), 'leaderboard', year, page] as const,
      queryFn: ({ signal }) =>
        callApi(teamsEndpoints.leaderboard, { query: { competitionYear: year, limit: TEAMS_PAGE_SIZE, offset: (page - 1) * TEAMS_PAGE_SIZE }, signal }),
      staleTime: REREAD_WHEN_OPENED_MS,
    }),
  page: (teamId: number, year: number) =>
    queryOptions({
      queryKey: [...teamsQueries.all(), 'page', teamId, year] as const,
      queryFn: ({ signal }) => callApi(teamsEndpoints.page, { params: { id: teamId }, query: { competitionYear: year }, signal }),
      staleTime: REREAD_WHEN_OPENED_MS,
    }),
  adminList: () =>
    queryOptions({
      queryKey: [...teamsQueries.all(), 'admin-list'] as const,
      queryFn: ({ signal }) => callApi(teamsEndpoints.adminList, { signal }),
    }),
  participation: (year: number, month: number | undefined) =>
    queryOptions({
      queryKey: [...teamsQueries.all(), 'participation', year, month ?? null] as const,
      queryFn: ({ signal }) => callApi(teamsEndpoints.participation, { query: { competitionYear: year, month }, signal }),
      staleTime: REREAD_WHEN_OPENED_MS,
    }),
};
