import type { z } from 'zod';
import type { ActivityCreate } from '../../../api/contract/activity';
import { useApiMutation } from '../../../api/api-mutation';
import { activityQueries } from './activity-queries';
import { activityWrites } from './activity-writes';
import { monthCache } from './month-cache';
import { useQueuedWrite } from './use-queued-write';

export const useLogActivity = () =>
  useQueuedWrite(
    useApiMutation({ call: activityWrites.logActivity.send, queued: activityWrites.logActivity.options, invalidates: activityQueries.all(), update: (queryClient, created) => monthCache.added(queryClient, created), refetchBehind: true, toasts: { category: 'create' } }),
    (body: z.input<typeof ActivityCreate>, idempotencyKey) => ({ body, idempotencyKey }),
  );
