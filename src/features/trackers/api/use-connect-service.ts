import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { type ApiType } from '../../../api/contract/trackers';
import { trackersEndpoints } from '../../../api/contract/trackers';
import { toast } from '../../../api/toasts';
import { CONNECTING_MESSAGE, connectedMessage } from '../services';
import { trackerQueries } from './tracker-queries';

const TOAST_ID = 'tracker-connect';
const endpointOf = { STRAVA: trackersEndpoints.connectStrava, FITBIT: trackersEndpoints.connectFitbit } as const;

export type ConnectInput = { service: ApiType; code: string; codeVerifier?: string };

/** POST /users/connect-strava|fitbit with the code the provider returned: 'Connecting...' then '{service} successfully connected'. */
export const useConnectService = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ service, code, codeVerifier }: ConnectInput) => callApi(endpointOf[service], { body: { code, codeVerifier } }),
    meta: { errorToast: false },
    onMutate: () => toast.loading('create', CONNECTING_MESSAGE, TOAST_ID),
    onSuccess: async (result, { service }) => {
      toast.success('create', connectedMessage(service), TOAST_ID);
      queryClient.setQueryData(trackerQueries.apis().queryKey, result);
      await queryClient.invalidateQueries({ queryKey: trackerQueries.all() });
    },
    onError: (error) => toast.error('create', error.message || undefined, TOAST_ID),
  });
};
