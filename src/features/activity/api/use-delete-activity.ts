import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { activityEndpoints } from '../../../api/contract/activity';
import { succeedAndInvalidate, toastsFor } from '../../../api/mutation-toasts';
import { activityQueries } from './activity-queries';

export const useDeleteActivity = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(activityEndpoints.remove, { params: { id } }),
    ...toastsFor('delete'),
    onSuccess: succeedAndInvalidate(queryClient, 'delete', activityQueries.all()),
  });
};
