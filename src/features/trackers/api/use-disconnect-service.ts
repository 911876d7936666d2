import { callApi } from '../../../api/call-api';
import { type ApiType } from '../../../api/contract/trackers';
import { trackersEndpoints } from '../../../api/contract/trackers';
import { trackerQueries } from './tracker-queries';
import { useApiMutation } from '../../../api/api-mutation';

/** DELETE /users/disconnect-api; the service leaves the list at once. */
export const useDisconnectService = () =>
  useApiMutation({
    call: (apiType: ApiType) => callApi(trackersEndpoints.disconnectApi, { body: { apiType } }),
    update: (queryClient, result) => queryClient.setQueryData(trackerQueries.apis().queryKey, result),
    invalidates: trackerQueries.all(),
    toasts: { category: 'delete' },
  });
