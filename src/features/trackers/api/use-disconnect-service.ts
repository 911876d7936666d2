import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { type ApiType } from '../../../api/contract/trackers';
import { trackersEndpoints } from '../../../api/contract/trackers';
import { toastsFor } from '../../../api/mutation-toasts';
import { toast } from '../../../api/toasts';
import { trackerQueries } from './tracker-queries';

/** DELETE /users/disconnect-api; the service leaves the list at once (SPEC 4). */
export const useDisconnectService = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiType: ApiType) => callApi(trackersEndpoints.disconnectApi, { body: { apiType } }),
    ...toastsFor('delete'),
    onSuccess: async (result) => {
      toast.success('delete');
      queryClient.setQueryData(trackerQueries.apis().queryKey, result);
      await queryClient.invalidateQueries({ queryKey: trackerQueries.all() });
    },
  });
};
