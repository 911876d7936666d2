import { hashKey, useSuspenseQuery, type DefaultError, type QueryKey, type UseSuspenseQueryOptions } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';

/**
 * `useSuspenseQuery` for a screen whose key changes in place (month, page, filter, year): the route's
 * loader filled the first key; for the next one React keeps the previous data on screen (a deferred
 * render that suspends is not committed) instead of swapping the page for its pending component.
 * `isStale` is true while the data shown belongs to the previous key.
 */
export function useKeptSuspenseQuery<TQueryFnData, TData = TQueryFnData, TKey extends QueryKey = QueryKey>(options: UseSuspenseQueryOptions<TQueryFnData, DefaultError, TData, TKey>) {
  const hash = hashKey(options.queryKey);
  // The key decides: a new options object with the same key is the same query.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const current = useMemo(() => options, [hash]);
  const shown = useDeferredValue(current);
  const query = useSuspenseQuery(shown);
  return { data: query.data, isFetching: query.isFetching, isStale: shown !== current };
}
