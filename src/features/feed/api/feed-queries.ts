import { infiniteQueryOptions } from '@tanstack/react-query';
import { callApi } from '../../../api/call-api';
import { REREAD_WHEN_OPENED_MS } from '../../../api/freshness';
import { feedEndpoints } from '../../../api/contract/feed';

/** docs/product-rules.md#page-sizes-and-pagination: the feed loads 10 entries per page. */
export const FEED_PAGE_SIZE = 10;

/** The one query-key factory of the feed. */
export const feedQueries = {
  all: () => ['feed'] as const,
  list: () =>
    infiniteQueryOptions({
      queryKey: [...feedQueries.all(), 'list'] as const,
      queryFn: ({ pageParam, signal }) => callApi(feedEndpoints.feed, { query: { page: pageParam, pageSize: FEED_PAGE_SIZE }, signal }),
      initialPageParam: 1,
      // 'Load more...' while fewer are loaded than the total.
      getNextPageParam: (lastPage, pages) => (pages.reduce((loaded, page) => loaded + page.feed.length, 0) < lastPage.count && lastPage.feed.length > 0 ? pages.length + 1 : undefined),
      staleTime: REREAD_WHEN_OPENED_MS,
    }),
};
