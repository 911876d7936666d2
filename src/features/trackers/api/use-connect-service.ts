import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { usersEndpoints, type ApiType } from '../../../api/contract/users';
import { toast } from '../../../api/toasts';
import { CONNECTING_MESSAGE, connectedMessage } from '../services';
import { trackerQueries } from './tracker-queries';

const TOAST_ID = 'tracker-connect';
const endpointOf = { STRAVA: usersEndpoints.connectStrava, FITBIT: usersEndpoints.connectFitbit } as const;

export type ConnectInput = { service: ApiType; code: string; state: string; scope?: string };

/** POST /users/connect-strava|fitbit with the code and state the provider returned: 'Connecting...' then '{service} successfully connected'. */
export const useConnectService = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ service, code, state, scope }: ConnectInput) => callApi(endpointOf[service], { body: { code, state, ...(scope ? { scope } : {}) } }),
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
