import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { systemEndpoints } from '../../../api/contract/system';
import { trackersEndpoints, type ConnectedApis } from '../../../api/contract/trackers';

const BACKFILL_POLL_MS = 2000;

/** A service connected but not yet synced once: its first import is still running on the server. */
export const backfillPending = (data: ConnectedApis) => data.services.some((service) => service.state === 'connected' && service.lastAttemptAt === null);

/** The one query-key factory of tracker connections; mutations invalidate `trackerQueries.all()`. */
export const trackerQueries = {
  all: () => ['trackers'] as const,
  /** Connected services of the signed-in employee. */
  apis: () =>
    queryOptions({
      queryKey: [...trackerQueries.all(), 'apis'] as const,
      queryFn: ({ signal }) => callApi(trackersEndpoints.apis, { signal }),
      // Right after connecting, the server imports the year: look again until its first result is in.
      refetchInterval: (query) => (query.state.data && backfillPending(query.state.data) ? BACKFILL_POLL_MS : false),
    }),
  /** Which services this installation offers (client ids and authorise URLs are public). */
  config: () =>
    queryOptions({
      queryKey: [...trackerQueries.all(), 'config'] as const,
      queryFn: ({ signal }) => callApi(systemEndpoints.config, { signal }),
      staleTime: Infinity,
    }),
  /** The admin tracker panel: each provider's connections, failures and budget (looked at again every minute). */
  panel: () =>
    queryOptions({
      queryKey: [...trackerQueries.all(), 'panel'] as const,
      queryFn: ({ signal }) => callApi(trackersEndpoints.adminStatus, { signal }),
      refetchInterval: 60_000,
    }),
};
