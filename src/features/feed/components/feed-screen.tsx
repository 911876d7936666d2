import { Button, Center, Stack, Text } from '@mantine/core';
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { PageShell } from '../../../components/page-shell';
import { feedQueries } from '../api/feed-queries';
import { FeedEntry } from './feed-entry';

export const EMPTY_FEED_TEXT = 'There are no activities yet!';

/** /employee/activity-feed: colleagues' recent entries, 10 at a time; the route's loader brought the first page. */
export function FeedScreen() {
  const feed = useSuspenseInfiniteQuery(feedQueries.list());
  const items = feed.data.pages.flatMap((page) => page.feed);

  return (
    <PageShell title="Recent users activities" size="sm">
      {items.length === 0 ? (
        <Text c="dimmed">{EMPTY_FEED_TEXT}</Text>
      ) : (
        <Stack gap="md">
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Recent activities">
            {items.map((item) => (
              <FeedEntry key={item.id} item={item} />
            ))}
          </Stack>
          {feed.hasNextPage ? (
            <Center>
              <Button variant="light" onClick={() => void feed.fetchNextPage()} loading={feed.isFetchingNextPage}>
                Load more...
              </Button>
            </Center>
          ) : null}
        </Stack>
      )}
    </PageShell>
  );
}
