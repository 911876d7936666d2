import { onlineManager } from '@tanstack/react-query';
import { pageStorage } from './storage';

/**
 * A simulated connection for QA (mocks/README.md#offline): offline, every `/api` call fails with no
 * response, as with the network gone, and the app is told it is offline (TanStack Query's
 * onlineManager, which pauses the queued writes); back online, the queue is sent. Switched by
 * `?mock=offline` (and `?mock=online`), the QA panel in the page, or `__wellnessMocks.network`;
 * kept across reloads until switched back, so a reload "without a connection" can be tried too.
 */
export const NETWORK_STORAGE_KEY = 'wellness.mockOffline';

let offline = false;
const listeners = new Set<(offline: boolean) => void>();

const set = (value: boolean) => {
  offline = value;
  if (value) pageStorage()?.setItem(NETWORK_STORAGE_KEY, 'true');
  else pageStorage()?.removeItem(NETWORK_STORAGE_KEY);
  onlineManager.setOnline(!value);
  listeners.forEach((listener) => listener(value));
};

export const mockNetwork = {
  isOffline: () => offline || pageStorage()?.getItem(NETWORK_STORAGE_KEY) === 'true',
  goOffline: () => set(true),
  goOnline: () => set(false),
  onChange: (listener: (offline: boolean) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /** Reads `?mock=offline` / `?mock=online` (browser start-up); true when the URL named one. */
  applyUrl: (search: string) => {
    const value = new URLSearchParams(search).get('mock');
    if (value === 'offline' || value === 'online') set(value === 'offline');
    else if (mockNetwork.isOffline()) set(true);
    return value === 'offline' || value === 'online';
  },
  reset: () => {
    offline = false;
    pageStorage()?.removeItem(NETWORK_STORAGE_KEY);
    onlineManager.setOnline(true);
  },
};
