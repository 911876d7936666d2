import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../api/call-api';
import { activityEndpoints, type Activity, type ActivityCreate, type ActivityUpdate, type EventCreate, type EventParticipation } from '../../../api/contract/activity';
import { QUEUED_WRITE, queuedWriteOptions, type Keyed } from '../../../api/offline/queued-writes';
import { activityQueries } from './activity-queries';

/**
 * The dashboard's writes, each one a queued write (docs/product-rules.md#offline-logging): what is
 * sent lives in the variables (with the write's Idempotency-Key), so a write restored after a reload
 * runs from here (setMutationDefaults) without the screen that made it.
 */
export type LogActivityVars = Keyed & { body: z.input<typeof ActivityCreate> };
export type UpdateActivityVars = Keyed & { id: number; body: z.input<typeof ActivityUpdate>; activity: Activity };
export type DeleteActivityVars = Keyed & { id: number; activity: Activity };
export type ToggleStepsVars = Keyed & { date: string; achieved: boolean };
export type LogEventVars = Keyed & { body: z.input<typeof EventCreate> };
export type DeleteEventVars = Keyed & { id: number; event: EventParticipation };

const key = (...parts: string[]) => [QUEUED_WRITE, ...parts] as const;

export const activityWrites = {
  logActivity: {
    options: queuedWriteOptions(key('activity', 'log')),
    send: ({ body, idempotencyKey }: LogActivityVars) => callApi(activityEndpoints.log, { body, idempotencyKey }),
  },
  updateActivity: {
    options: queuedWriteOptions(key('activity', 'update')),
    send: ({ id, body, idempotencyKey }: UpdateActivityVars) => callApi(activityEndpoints.update, { params: { id }, body, idempotencyKey }),
  },
  deleteActivity: {
    options: queuedWriteOptions(key('activity', 'delete')),
    send: ({ id, idempotencyKey }: DeleteActivityVars) => callApi(activityEndpoints.remove, { params: { id }, idempotencyKey }),
  },
  toggleSteps: {
    options: queuedWriteOptions(key('steps', 'toggle')),
    send: ({ date, achieved, idempotencyKey }: ToggleStepsVars) =>
      achieved ? callApi(activityEndpoints.removeSteps, { body: { date }, idempotencyKey }) : callApi(activityEndpoints.addSteps, { body: { date }, idempotencyKey }),
  },
  logEvent: {
    options: queuedWriteOptions(key('event', 'log')),
    send: ({ body, idempotencyKey }: LogEventVars) => callApi(activityEndpoints.logEvent, { body, idempotencyKey }),
  },
  deleteEvent: {
    options: queuedWriteOptions(key('event', 'delete')),
    send: ({ id, idempotencyKey }: DeleteEventVars) => callApi(activityEndpoints.removeEvent, { params: { id }, idempotencyKey }),
  },
};

/** Lets writes restored from the device run after a reload: their function and options by key. */
export const registerActivityWrites = (queryClient: QueryClient) => {
  for (const write of Object.values(activityWrites)) {
    queryClient.setMutationDefaults(write.options.mutationKey, {
      ...write.options,
      mutationFn: write.send as (variables: unknown) => Promise<unknown>,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: activityQueries.all() }),
    });
  }
};
