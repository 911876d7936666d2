import type { z } from 'zod';
import { callApi } from '../../../api/call-api';
import { activityEndpoints, type EventCreate } from '../../../api/contract/activity';
import { activityQueries } from './activity-queries';
import { useApiMutation } from '../../../api/api-mutation';

export const useLogEvent = () =>
  useApiMutation({
    call: (body: z.input<typeof EventCreate>) => callApi(activityEndpoints.logEvent, { body }),
    invalidates: activityQueries.all(),
    toasts: { category: 'create' },
  });
