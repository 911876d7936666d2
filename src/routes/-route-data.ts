/**
 * How a loader waits for its data. Entering a page (or preloading it on intent) waits, so the page
 * renders with its data and the router shows the route's pendingComponent meanwhile. A change of
 * the page's own search params (cause 'stay': another page, sort, filter) only starts the fetch:
 * the screen keeps the previous rows, dimmed, while the next ones load (useKeptSuspenseQuery),
 * instead of being swapped for the pending skeleton and losing the focus of its search box.
 */
export const awaitUnlessStaying = async (cause: 'enter' | 'stay' | 'preload', load: () => Promise<unknown>) => {
  const loading = load();
  if (cause !== 'stay') {
    await loading;
    return;
  }
  // The screen's suspense query reads the same request and shows its failure.
  loading.catch(() => undefined);
};
