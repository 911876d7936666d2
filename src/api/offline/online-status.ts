import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * TanStack Query's onlineManager starts as "online" and only learns of a change from the window's
 * online/offline events; a page opened without a connection fires neither, so it starts from
 * navigator.onLine (docs/architecture.md#offline-logging).
 */
export const startOnlineTracking = () => {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
};

/** Whether the app believes it has a connection (the queue of writes waits while it has none). */
export const useIsOnline = () => useSyncExternalStore(onlineManager.subscribe.bind(onlineManager), () => onlineManager.isOnline(), () => true);
