import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { startPersistedCache } from '../../api/offline/persisted-cache';
import type { Auth } from '../../api/session';
import { registerActivityWrites } from './api/activity-writes';

/**
 * The employee's offline side (docs/architecture.md#offline-logging), started by the employee area
 * once the session is known: the writes' functions by key, the device store of this employee
 * (restored before the dashboard's loader reads the month), and the queued writes sent when online.
 * One per query client; a different employee (sign-out, then someone else) gets their own store.
 */
const running = new WeakMap<QueryClient, { userId: number }>();

export const startOfflineSupport = async (queryClient: QueryClient, auth: Auth) => {
  const user = auth.session()?.user;
  if (!user || user.role !== 'user' || running.get(queryClient)?.userId === user.id) return;
  running.set(queryClient, { userId: user.id });
  registerActivityWrites(queryClient);
  const cache = await startPersistedCache(queryClient, user.id);
  const stopReconnect = onlineManager.subscribe((online) => {
    if (online) void auth.reconnect();
  });
  const stopListening = auth.onSessionEnd((reason) => {
    // Signing out deletes the store; an ended session leaves it for the same person's next sign-in.
    if (reason === 'sign-out') cache.remove();
    else cache.stop();
    stopReconnect();
    stopListening();
    running.delete(queryClient);
  });
  if (onlineManager.isOnline()) {
    await auth.reconnect();
    void queryClient.resumePausedMutations();
  }
};
