import type { EventParticipation } from '../../../api/contract/activity';
import { useApiMutation } from '../../../api/api-mutation';
import { activityQueries } from './activity-queries';
import { activityWrites } from './activity-writes';
import { useQueuedWrite } from './use-queued-write';

export const useDeleteEvent = () =>
  useQueuedWrite(
    useApiMutation({ call: activityWrites.deleteEvent.send, queued: activityWrites.deleteEvent.options, invalidates: activityQueries.all(), toasts: { category: 'delete' } }),
    (event: EventParticipation, idempotencyKey) => ({ id: event.id, event, idempotencyKey }),
  );
