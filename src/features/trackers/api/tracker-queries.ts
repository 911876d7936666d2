import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { systemEndpoints } from '../../../api/contract/system';
import { trackersEndpoints } from '../../../api/contract/trackers';

/** The one query-key factory of tracker connections; mutations invalidate `trackerQueries.all()`. */
export const trackerQueries = {
  all: () => ['trackers'] as const,
  /** Connected services of the signed-in employee. */
  apis: () =>
    queryOptions({
      queryKey: [...trackerQueries.all(), 'apis'] as const,
      queryFn: ({ signal }) => callApi(trackersEndpoints.apis, { signal }),
    }),
  /** Which services this installation offers (client ids and authorise URLs are public). */
  config: () =>
    queryOptions({
      queryKey: [...trackerQueries.all(), 'config'] as const,
      queryFn: ({ signal }) => callApi(systemEndpoints.config, { signal }),
      staleTime: Infinity,
    }),
};
