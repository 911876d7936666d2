/**
 * Recovery from a lazily loaded file (a "chunk") that cannot be fetched: offline, or a deploy
 * replaced the file names. A screen must never go blank because of it (docs/product-rules.md,
 * "Offline and installable app"). Chromium remembers a failed dynamic import for the whole page,
 * so only a reload fetches the file again.
 */
const RELOAD_KEY = 'chunk-reload-at';
/** A second failure within this time after a recovery reload shows the Retry page instead of looping. */
const RELOAD_GUARD_MS = 60_000;

const CHUNK_ERROR = /dynamically imported module|Importing a module script failed/;

/** Whether an error is a failed dynamic import (the wording differs per browser). */
export const isChunkLoadError = (error: unknown): boolean => error instanceof Error && CHUNK_ERROR.test(error.message);

/**
 * Reloads the page once when online (a new deploy's files are then fetched); returns false when the
 * caller must show its Retry page instead: offline (a reload would lose what was typed) or a
 * recovery reload happened moments ago.
 */
export const reloadOnceForChunk = (): boolean => {
  if (!navigator.onLine || Date.now() - Number(sessionStorage.getItem(RELOAD_KEY)) < RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  window.location.reload();
  return true;
};
