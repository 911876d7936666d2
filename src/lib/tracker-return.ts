/**
 * The one thing the SPA persists (docs/product-rules.md#trackers): the page to come back to after a tracker's
 * authorisation page, because the provider's redirect reloads the app.
 */
const KEY = 'wellness.trackerReturnUrl';

export const saveTrackerReturnUrl = (url: string, storage: Storage = localStorage) => storage.setItem(KEY, url);

/** Reads and forgets the saved URL; only same-app paths are honoured. */
export const takeTrackerReturnUrl = (storage: Storage = localStorage): string | null => {
  const url = storage.getItem(KEY);
  storage.removeItem(KEY);
  return url && url.startsWith('/') && !url.startsWith('//') ? url : null;
};
