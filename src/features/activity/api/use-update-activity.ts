import type { z } from 'zod';
import type { Activity, ActivityUpdate } from '../../../api/contract/activity';
import { useApiMutation } from '../../../api/api-mutation';
import { activityQueries } from './activity-queries';
import { activityWrites } from './activity-writes';
import { monthCache } from './month-cache';
import { useQueuedWrite } from './use-queued-write';

export const useUpdateActivity = () =>
  useQueuedWrite(
    useApiMutation({ call: activityWrites.updateActivity.send, queued: activityWrites.updateActivity.options, invalidates: activityQueries.all(), update: (queryClient, updated, vars) => monthCache.replaced(queryClient, vars.activity, updated), refetchBehind: true, toasts: { category: 'update' } }),
    (input: { activity: Activity; body: z.input<typeof ActivityUpdate> }, idempotencyKey) => ({ id: input.activity.id, ...input, idempotencyKey }),
  );
