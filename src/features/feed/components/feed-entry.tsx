import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconAward, IconShoe } from '@tabler/icons-react';
import type { FeedItem } from '../../../api/contract/feed';
import { UserAvatar } from '../../../components/user-avatar';
import { useClock } from '../../../lib/use-clock';
import { relativeDay } from '../relative-day';

export const EVENT_TITLE = 'Activity participation bonus';
export const STEPS_TITLE = '10,000 step bonus';

/** The title the feed shows (docs/product-rules.md#feed): the activity's own, or the bonus name. */
export const feedTitle = (item: FeedItem) => (item.isEvent ? EVENT_TITLE : item.isAchievement ? STEPS_TITLE : item.name);

/** Activities show minutes ('45m'); a step or event bonus carries points in the same field ('+30 pts'). */
export const feedAmount = (item: FeedItem) =>
  item.isEvent || item.isAchievement ? { text: `+${item.movingTime} pts`, spoken: `${item.movingTime} points` } : { text: `${item.movingTime}m`, spoken: `${item.movingTime} minutes` };

export function FeedEntry({ item }: { item: FeedItem }) {
  const fullName = `${item.firstName} ${item.lastName}`;
  const day = item.startDate.slice(0, 10);
  const now = useClock().now();
  const Icon = item.isEvent ? IconAward : item.isAchievement ? IconShoe : null;
  const amount = feedAmount(item);
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="feed-entry">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <UserAvatar src={item.profilePicture} name={fullName} size={40} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={8} justify="space-between" wrap="wrap">
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {fullName}
            </Text>
            <Text component="time" dateTime={day} size="xs" c="dimmed" title={day}>
              {relativeDay(day, now)}
            </Text>
          </Group>
          <Group gap={8} justify="space-between" wrap="nowrap">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              {Icon ? <Icon size={16} aria-hidden /> : null}
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {feedTitle(item)}
              </Text>
            </Group>
            <Text size="sm" fw={700} style={{ flexShrink: 0 }} aria-label={amount.spoken}>
              {amount.text}
            </Text>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
