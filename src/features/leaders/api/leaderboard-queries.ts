import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { REREAD_WHEN_OPENED_MS } from '../../../api/freshness';
import { leadersEndpoints } from '../../../api/contract/leaders';

/** The one query-key factory of the leaderboard. Standings change with every write: always refetch on mount. */
export const leaderboardQueries = {
  all: () => ['leaderboard'] as const,
  /** `year` undefined = the server's current competition year. */
  top: (year?: number) =>
    queryOptions({
      queryKey: [...leaderboardQueries.all(), 'top', year ?? 'current'] as const,
      queryFn: ({ signal }) => callApi(leadersEndpoints.top, { query: { competitionYear: year }, signal }),
      staleTime: REREAD_WHEN_OPENED_MS,
    }),
};
