import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../api/call-api';
import { activityEndpoints, type ActivityUpdate } from '../../../api/contract/activity';
import { succeedAndInvalidate, toastsFor } from '../../../api/mutation-toasts';
import { activityQueries } from './activity-queries';

export const useUpdateActivity = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: z.input<typeof ActivityUpdate> }) => callApi(activityEndpoints.update, { params: { id }, body }),
    ...toastsFor('update'),
    onSuccess: succeedAndInvalidate(queryClient, 'update', activityQueries.all()),
  });
};
