import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { privacyEndpoints } from '../../../api/contract/privacy';

/** While the export is being prepared the status is read again this often. */
export const PREPARING_POLL_MS = 2000;

/** The one query-key factory of the privacy self-service. */
export const privacyQueries = {
  all: () => ['privacy'] as const,
  export: () =>
    queryOptions({
      queryKey: [...privacyQueries.all(), 'export'] as const,
      queryFn: ({ signal }) => callApi(privacyEndpoints.exportStatus, { signal }),
      refetchInterval: (query) => (query.state.data?.status === 'preparing' ? PREPARING_POLL_MS : false),
    }),
};
