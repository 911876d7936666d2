/**
 * The query of /strava and /fitbit, read by the route's `validateSearch` (which runs in the entry
 * chunk: kept apart from the return page's component so the component stays out of the first load).
 */
export type TrackerReturnSearch = { code?: string; error?: string; state?: string; scope?: string };

/** The return page's query: only strings are kept (anything else is treated as absent). */
export const trackerReturnSearch = (search: Record<string, unknown>): TrackerReturnSearch => {
  const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);
  return { code: text(search.code), error: text(search.error), state: text(search.state), scope: text(search.scope) };
};
