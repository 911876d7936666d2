import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { isQueuedWrite } from '../../api/offline/queued-writes';
import { hasStore } from '../../api/offline/store-key';
import { watchQueuedSync } from '../../api/offline/queued-sync';
import type { Auth } from '../../api/session';
import { registerActivityWrites } from './api/activity-writes';

/** A first visit online has nothing to restore: its store opens once the dashboard has settled. */
const SETTLE_MS = 3000;

/**
 * The device store's code: at once when there is something to restore or no connection; else after
 * the first paint, or as soon as the connection drops or a write is made, whichever comes first.
 */
const loadPersistedCache = (queryClient: QueryClient, userId: number) => {
  const load = () => import('../../api/offline/persisted-cache');
  if (!onlineManager.isOnline() || hasStore(userId)) return load();
  return new Promise<Awaited<ReturnType<typeof load>>>((resolve) => {
    const start = () => {
      clearTimeout(timer);
      stopOnline();
      stopWrites();
      resolve(load());
    };
    const timer = setTimeout(start, SETTLE_MS);
    const stopOnline = onlineManager.subscribe((online) => !online && start());
    const stopWrites = queryClient.getMutationCache().subscribe((event) => event.type === 'added' && isQueuedWrite(event.mutation) && start());
  });
};

/**
 * The employee's offline side (docs/architecture.md#offline-logging), started by the employee area
 * once the session is known: the writes' functions by key, the device store of this employee
 * (restored before the dashboard's loader reads the month; a first visit's after the first paint),
 * and the queued writes sent when online.
 * One per query client; a different employee (sign-out, then someone else) gets their own store.
 */
const running = new WeakMap<QueryClient, { userId: number }>();

export const startOfflineSupport = async (queryClient: QueryClient, auth: Auth) => {
  const user = auth.session()?.user;
  if (!user || user.role !== 'user' || running.get(queryClient)?.userId === user.id) return;
  running.set(queryClient, { userId: user.id });
  registerActivityWrites(queryClient);
  const stopSyncNews = watchQueuedSync(queryClient);
  // Offline, or with something kept: the page's loader reads the cache only once the store is in it.
  const restoreFirst = !onlineManager.isOnline() || hasStore(user.id);
  let opened: { stop: () => void; remove: () => void } | null = null;
  const restoring = loadPersistedCache(queryClient, user.id)
    .then(({ startPersistedCache }) =>
      // Signed out (or another account) while the store was on its way: it is not opened.
      running.get(queryClient)?.userId === user.id ? startPersistedCache(queryClient, user.id) : null,
    )
    .then((cache) => (opened = cache));
  const starting = restoring.then(async (cache) => {
    if (cache && onlineManager.isOnline()) {
      await auth.reconnect();
      void queryClient.resumePausedMutations();
    }
    return cache;
  });
  const stopReconnect = onlineManager.subscribe((online) => {
    if (online) void auth.reconnect();
  });
  const stopListening = auth.onSessionEnd((reason) => {
    running.delete(queryClient);
    stopReconnect();
    stopSyncNews();
    stopListening();
    // Signing out deletes the store (even one not opened yet); an ended session leaves it for the same person's next sign-in.
    if (reason === 'sign-out') void import('../../api/offline/persisted-cache').then(({ removePersistedCache }) => removePersistedCache(user.id));
    // An open store stops at once, before the session's caches are cleared: the clearing is not saved
    // over the writes kept for this person (an ended or switched session, docs/security.md#stale-tabs).
    const end = (cache: typeof opened) => (reason === 'sign-out' ? cache?.remove() : cache?.stop());
    if (opened) end(opened);
    else void starting.then(end);
  });
  if (restoreFirst) await restoring;
};
