import { onlineManager } from '@tanstack/react-query';
import { API_BASE } from '../api-base';

/** How often an app that found itself cut off asks again while the browser still says "online". */
const PROBE_MS = 5_000;

let probing: ReturnType<typeof setInterval> | undefined;

const reachable = async () => {
  try {
    return (await fetch(`${API_BASE}/health`, { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
};

/**
 * A request of a page the service worker serves went out and no answer came back while the browser
 * claims a connection. navigator.onLine only knows a network link, not whether the server can be
 * reached (a Wi-Fi without internet; Chromium reports a page its service worker opened after the
 * connection went as online): if /api/health cannot be reached either, the
 * app is offline (writes wait on the device, 'You are offline' shows) until the browser's 'online'
 * event or a probe every 5 s finds the server again. A one-off failure (health answers) changes nothing.
 */
export const checkConnection = async () => {
  if (!onlineManager.isOnline() || probing || (await reachable())) return;
  onlineManager.setOnline(false);
  probing = setInterval(() => {
    void reachable().then((back) => {
      if (back || onlineManager.isOnline()) {
        clearInterval(probing);
        probing = undefined;
        onlineManager.setOnline(true);
      }
    });
  }, PROBE_MS);
};
