import type { z } from 'zod';
import type { EventCreate } from '../../../api/contract/activity';
import { useApiMutation } from '../../../api/api-mutation';
import { activityQueries } from './activity-queries';
import { activityWrites } from './activity-writes';
import { useQueuedWrite } from './use-queued-write';

export const useLogEvent = () =>
  useQueuedWrite(
    useApiMutation({ call: activityWrites.logEvent.send, queued: activityWrites.logEvent.options, invalidates: activityQueries.all(), toasts: { category: 'create' } }),
    (body: z.input<typeof EventCreate>, idempotencyKey) => ({ body, idempotencyKey }),
  );
