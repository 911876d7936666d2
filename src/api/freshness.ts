/**
 * Lists that other people change (standings, feed, admin lists, charts) are read again whenever a
 * screen opens. Not 0: the route loader fetches and the screen mounts right after it; data stale at
 * once would be fetched a second time on mount whenever that gap passed react-query's 1 s minimum
 * for suspense reads (a loaded machine, a slow phone).
 */
export const REREAD_WHEN_OPENED_MS = 5_000;
