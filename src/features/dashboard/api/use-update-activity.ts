import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../api/call-api';
import { activityEndpoints, type ActivityUpdate } from '../../../api/contract/activity';
import { refetchDashboard, toastsFor } from './mutation-toasts';

export const useUpdateActivity = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: z.input<typeof ActivityUpdate> }) => callApi(activityEndpoints.update, { params: { id }, body }),
    ...toastsFor('update'),
    onSuccess: refetchDashboard(queryClient, 'update'),
  });
};
