import type { Activity } from '../../../api/contract/activity';
import { useApiMutation } from '../../../api/api-mutation';
import { activityQueries } from './activity-queries';
import { activityWrites } from './activity-writes';
import { monthCache } from './month-cache';
import { useQueuedWrite } from './use-queued-write';

export const useDeleteActivity = () =>
  useQueuedWrite(
    useApiMutation({ call: activityWrites.deleteActivity.send, queued: activityWrites.deleteActivity.options, invalidates: activityQueries.all(), update: (queryClient, _none, vars) => monthCache.removed(queryClient, vars.activity), refetchBehind: true, toasts: { category: 'delete' } }),
    (activity: Activity, idempotencyKey) => ({ id: activity.id, activity, idempotencyKey }),
  );
