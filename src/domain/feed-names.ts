/** Titles of the feed's bonus entries (docs/product-rules.md#feed), shared by the server, the mocks and the SPA tests. */
export const STEPS_FEED_NAME = '10,000 step bonus';
export const EVENT_FEED_NAME = 'Activity participation bonus';
/**
 * How far past the requested page the count looks. Counting every visible row would make each
 * request cost O(table); counting at most this many past the page keeps it bounded while
 * 'Load more...' (the count's only use) still appears whenever more entries exist. Two default
 * pages: 200 cost 11 % of the feed's throughput for nothing a user sees (docs/performance.md).
 */
export const FEED_COUNT_LOOKAHEAD = 20;
