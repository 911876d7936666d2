import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { REREAD_WHEN_OPENED_MS } from '../../../api/freshness';
import { insightsEndpoints } from '../../../api/contract/insights';

/** The one query-key factory of the progress charts and the admin overview. */
export const insightsQueries = {
  all: () => ['insights'] as const,
  progress: (year: number) =>
    queryOptions({
      queryKey: [...insightsQueries.all(), 'progress', year] as const,
      queryFn: ({ signal }) => callApi(insightsEndpoints.progress, { query: { competitionYear: year }, signal }),
      // Logged activities change it: read again whenever the screen opens.
      staleTime: REREAD_WHEN_OPENED_MS,
    }),
  overview: (year: number) =>
    queryOptions({
      queryKey: [...insightsQueries.all(), 'overview', year] as const,
      queryFn: ({ signal }) => callApi(insightsEndpoints.overview, { query: { competitionYear: year }, signal }),
      staleTime: REREAD_WHEN_OPENED_MS,
    }),
};
