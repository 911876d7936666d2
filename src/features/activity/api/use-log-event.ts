import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../api/call-api';
import { activityEndpoints, type EventCreate } from '../../../api/contract/activity';
import { succeedAndInvalidate, toastsFor } from '../../../api/mutation-toasts';
import { activityQueries } from './activity-queries';

export const useLogEvent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof EventCreate>) => callApi(activityEndpoints.logEvent, { body }),
    ...toastsFor('create'),
    onSuccess: succeedAndInvalidate(queryClient, 'create', activityQueries.all()),
  });
};
