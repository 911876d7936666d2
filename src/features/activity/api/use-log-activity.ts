import type { z } from 'zod';
import { callApi } from '../../../api/call-api';
import { activityEndpoints, type ActivityCreate } from '../../../api/contract/activity';
import { activityQueries } from './activity-queries';
import { useApiMutation } from '../../../api/api-mutation';

export const useLogActivity = () =>
  useApiMutation({
    call: (body: z.input<typeof ActivityCreate>) => callApi(activityEndpoints.log, { body }),
    invalidates: activityQueries.all(),
    toasts: { category: 'create' },
  });
