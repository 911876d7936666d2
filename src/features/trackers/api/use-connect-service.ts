import { callApi } from '../../../api/call-api';
import { connectEndpointOf, type ApiType } from '../../../api/contract/trackers';
import { CONNECTING_MESSAGE, connectedMessage } from '../services';
import { trackerQueries } from './tracker-queries';
import { useApiMutation } from '../../../api/api-mutation';

const TOAST_ID = 'tracker-connect';

export type ConnectInput = { service: ApiType; code: string; state: string; scope?: string };

/**
 * POST /users/connect-<source> with the code and state the provider returned: 'Connecting...'
 * then '{service} successfully connected'. A failure is told once, by the return page's banner.
 */
export const useConnectService = () =>
  useApiMutation({
    call: ({ service, code, state, scope }: ConnectInput) => callApi(connectEndpointOf(service), { body: { code, state, ...(scope ? { scope } : {}) } }),
    update: (queryClient, result) => queryClient.setQueryData(trackerQueries.apis().queryKey, result),
    invalidates: trackerQueries.all(),
    toasts: { category: 'create', id: TOAST_ID, loading: CONNECTING_MESSAGE, success: (_result, { service }) => connectedMessage(service), shownOnScreen: () => true },
  });
