import type { z } from 'zod';
import { callApi } from '../../../api/call-api';
import { activityEndpoints, type ActivityUpdate } from '../../../api/contract/activity';
import { activityQueries } from './activity-queries';
import { useApiMutation } from '../../../api/api-mutation';

export const useUpdateActivity = () =>
  useApiMutation({
    call: ({ id, body }: { id: number; body: z.input<typeof ActivityUpdate> }) => callApi(activityEndpoints.update, { params: { id }, body }),
    invalidates: activityQueries.all(),
    toasts: { category: 'update' },
  });
