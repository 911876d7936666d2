import { callApi } from '../../../api/call-api';
import { type ApiType } from '../../../api/contract/trackers';
import { trackersEndpoints } from '../../../api/contract/trackers';
import { CONNECTING_MESSAGE, connectedMessage } from '../services';
import { trackerQueries } from './tracker-queries';
import { useApiMutation } from '../../../api/api-mutation';

const TOAST_ID = 'tracker-connect';
const endpointOf = { STRAVA: trackersEndpoints.connectStrava, FITBIT: trackersEndpoints.connectFitbit } as const;

export type ConnectInput = { service: ApiType; code: string; codeVerifier?: string };

/** POST /users/connect-strava|fitbit with the code the provider returned: 'Connecting...' then '{service} successfully connected'. */
export const useConnectService = () =>
  useApiMutation({
    call: ({ service, code, codeVerifier }: ConnectInput) => callApi(endpointOf[service], { body: { code, codeVerifier } }),
    update: (queryClient, result) => queryClient.setQueryData(trackerQueries.apis().queryKey, result),
    invalidates: trackerQueries.all(),
    toasts: { category: 'create', id: TOAST_ID, loading: CONNECTING_MESSAGE, success: (_result, { service }) => connectedMessage(service) },
  });
