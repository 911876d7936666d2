import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { activityEndpoints } from '../../../api/contract/activity';
import { refetchDashboard, toastsFor } from './mutation-toasts';

export const useDeleteEvent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(activityEndpoints.removeEvent, { params: { id } }),
    ...toastsFor('delete'),
    onSuccess: refetchDashboard(queryClient, 'delete'),
  });
};
