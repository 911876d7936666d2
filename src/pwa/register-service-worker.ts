import { Workbox } from 'workbox-window';
import { showUpdatePrompt } from './update-prompt';

/**
 * Registers the app's service worker (precached shell and lazy files). A new deploy's worker waits
 * until the person chooses "Reload", so a half-filled form is never swapped out from under them.
 */
export const registerServiceWorker = async () => {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    showUpdatePrompt(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  await workbox.register();
};

void registerServiceWorker();
