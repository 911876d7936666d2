import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../api/call-api';
import { activityEndpoints, type EventCreate } from '../../../api/contract/activity';
import { refetchDashboard, toastsFor } from './mutation-toasts';

export const useLogEvent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof EventCreate>) => callApi(activityEndpoints.logEvent, { body }),
    ...toastsFor('create'),
    onSuccess: refetchDashboard(queryClient, 'create'),
  });
};
