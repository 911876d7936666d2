import { useMutationState, type Mutation, type MutationKey, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api-error';

/**
 * Writes that wait for a connection (docs/architecture.md#offline-logging): TanStack Query mutations
 * under one key prefix, paused while offline (`networkMode: 'online'`), kept on the device by the
 * persisted cache, and sent one after another in the order they were made (one scope). Each carries
 * its own Idempotency-Key in its variables, so a resend after a cut connection changes the data once.
 */
export const QUEUED_WRITE = 'queued-write';

export type Keyed = { idempotencyKey: string };

export const newIdempotencyKey = () => (globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** No answer (offline, cut) is tried again when the connection is back; a 5xx a few times; a refusal (4xx) never. */
const retryQueuedWrite = (failureCount: number, error: unknown) => {
  const status = error instanceof ApiError ? error.statusCode : 0;
  if (error instanceof ApiError && error.noResponse) return true;
  return status >= 500 && failureCount < 3;
};

/** The options every queued write shares: with its own mutation key, for useMutation and setMutationDefaults alike. */
export const queuedWriteOptions = (mutationKey: MutationKey) => ({
  mutationKey,
  networkMode: 'online' as const,
  retry: retryQueuedWrite,
  retryDelay: (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000),
  scope: { id: QUEUED_WRITE },
});

export const isQueuedWrite = (mutation: Pick<Mutation, 'options'>) => mutation.options.mutationKey?.[0] === QUEUED_WRITE;

/** Waiting for the connection (or on its way), or refused by the server. */
export type QueuedWriteStatus = 'pending' | 'refused';

export type QueuedWrite = {
  id: number;
  /** The mutation key after the prefix, e.g. `['activity', 'log']`. */
  kind: string;
  variables: unknown;
  status: QueuedWriteStatus;
  /** The server's reason, when refused. */
  message: string | null;
  statusCode: number | null;
};

const summaryOf = (mutation: Mutation): QueuedWrite => {
  const error = mutation.state.error as { message?: string; statusCode?: number } | null;
  return {
    id: mutation.mutationId,
    kind: (mutation.options.mutationKey ?? []).slice(1).join('.'),
    variables: mutation.state.variables,
    status: mutation.state.status === 'error' ? 'refused' : 'pending',
    message: error?.message ?? null,
    statusCode: error?.statusCode ?? null,
  };
};

/** Writes waiting for the connection, or refused: in the order they were made. */
export const useQueuedWrites = (): QueuedWrite[] =>
  useMutationState({
    filters: {
      mutationKey: [QUEUED_WRITE],
      // An online write on its way is not listed (it would flash); one waiting or being retried is.
      predicate: (mutation) => (mutation.state.status === 'pending' && (mutation.state.isPaused || mutation.state.failureCount > 0)) || mutation.state.status === 'error',
    },
    select: summaryOf,
  });

/** Drops a waiting or refused write: it will not be sent (a write on its way cannot be called back). */
export const discardQueuedWrite = (queryClient: QueryClient, id: number) => {
  const cache = queryClient.getMutationCache();
  const mutation = cache.getAll().find((candidate) => candidate.mutationId === id);
  if (mutation && (mutation.state.isPaused || mutation.state.status === 'error')) cache.remove(mutation);
};
