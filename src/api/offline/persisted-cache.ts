import { persistQueryClientRestore, persistQueryClientSave, persistQueryClientSubscribe, type PersistedClient, type Persister } from '@tanstack/query-persist-client-core';
import { onlineManager, type Mutation, type Query, type QueryClient } from '@tanstack/react-query';
import { isQueuedWrite } from './queued-writes';
import { storeKeyOf } from './store-key';

/**
 * The query cache kept on the device, one store per employee (docs/architecture.md#offline-logging):
 * the months seen (queries under `activity`) and the queued writes, so a reload without a
 * connection shows the calendar and sends the writes later. Removed on sign-out; never read for
 * another account (the key holds the user id).
 */
/** Changing the stored shape bumps this: an older store is dropped instead of misread. */
const BUSTER = 'offline-v1';
/** Kept a month: a phone offline for a long weekend still has its writes. */
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Saves are batched a little; `pagehide` writes at once, so a write made just before closing is kept. */
const SAVE_DELAY_MS = 200;

export { storeKeyOf };

/** Deletes an employee's store (sign-out), whether or not it was opened in this page. */
export const removePersistedCache = (userId: number) => localStorage.removeItem(storeKeyOf(userId));

/**
 * A write that was on its way when the page closed is stored as pending but not paused; restored
 * as paused, so resumePausedMutations sends it (again, with its key: the server answers once).
 */
const asResumable = (client: PersistedClient): PersistedClient => ({
  ...client,
  clientState: {
    ...client.clientState,
    mutations: client.clientState.mutations.map((mutation) => (mutation.state.status === 'pending' ? { ...mutation, state: { ...mutation.state, isPaused: true } } : mutation)),
  },
});

/** A refused write keeps its reason: an Error's message does not survive JSON by itself. */
const withReadableErrors = (client: PersistedClient): PersistedClient => ({
  ...client,
  clientState: {
    ...client.clientState,
    mutations: client.clientState.mutations.map((mutation) => {
      const error = mutation.state.error as { message?: string; statusCode?: number } | null;
      // Stored as a plain object; read back by useQueuedWrites as `{ message, statusCode }`.
      const readable = error ? ({ message: error.message, statusCode: error.statusCode } as unknown as typeof mutation.state.error) : null;
      return error ? { ...mutation, state: { ...mutation.state, error: readable, failureReason: readable } } : mutation;
    }),
  },
});

export const localStoragePersister = (key: string): Persister & { flush: () => void } => {
  let latest: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!latest) return;
    try {
      localStorage.setItem(key, JSON.stringify(withReadableErrors(latest)));
    } catch (error) {
      console.warn('[offline] the device store is full; the newest changes are not kept', error);
    }
    latest = null;
  };
  return {
    persistClient: (client) => {
      latest = client;
      timer ??= setTimeout(flush, SAVE_DELAY_MS);
    },
    restoreClient: () => {
      const saved = localStorage.getItem(key);
      return saved ? asResumable(JSON.parse(saved) as PersistedClient) : undefined;
    },
    removeClient: () => {
      clearTimeout(timer);
      timer = undefined;
      latest = null;
      localStorage.removeItem(key);
    },
    flush,
  };
};

const keptQuery = (query: Query) => query.state.status === 'success' && query.queryKey[0] === 'activity';
/** Waiting, on their way, or refused (shown with Edit and Discard until the person decides). */
const keptWrite = (mutation: Mutation) => isQueuedWrite(mutation) && (mutation.state.status === 'pending' || mutation.state.status === 'error');

/**
 * What the device kept is shown at once but never taken as fresh: activities logged elsewhere (another
 * device, a tracker import) must appear after a reload. The reads the restore filled in (their
 * update time changed) are marked stale: online the shown ones are read again now, offline once the
 * connection is back.
 */
const restoreAsStale = async (queryClient: QueryClient, restore: () => Promise<unknown>) => {
  const updatedAt = (query: Query) => query.state.dataUpdatedAt;
  const before = new Map(queryClient.getQueryCache().findAll({ queryKey: ['activity'] }).map((query) => [query.queryHash, updatedAt(query)]));
  await restore();
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === 'activity' && query.state.data !== undefined && before.get(query.queryHash) !== updatedAt(query),
    refetchType: onlineManager.isOnline() ? 'active' : 'none',
  });
};

/** Restores the employee's store into the cache, then keeps it up to date; returns the stop function. */
export const startPersistedCache = async (queryClient: QueryClient, userId: number) => {
  const persister = localStoragePersister(storeKeyOf(userId));
  await restoreAsStale(queryClient, () => persistQueryClientRestore({ queryClient, persister, maxAge: MAX_AGE_MS, buster: BUSTER }).catch(() => undefined));
  const saving = { queryClient, persister, buster: BUSTER, dehydrateOptions: { shouldDehydrateQuery: keptQuery, shouldDehydrateMutation: keptWrite } };
  const unsubscribe = persistQueryClientSubscribe(saving);
  // What the cache already holds (the month loaded before the store opened) is kept at once too.
  void persistQueryClientSave(saving);
  window.addEventListener('pagehide', persister.flush);
  return {
    /** Stops saving (what is stored stays: the same person signing in again gets it back). */
    stop: () => {
      persister.flush();
      unsubscribe();
      window.removeEventListener('pagehide', persister.flush);
    },
    /** Stops saving and deletes the store (sign-out). */
    remove: () => {
      unsubscribe();
      window.removeEventListener('pagehide', persister.flush);
      persister.removeClient();
    },
  };
};
