import { Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAward, IconShoe } from '@tabler/icons-react';
import { formatDistanceToNow } from 'date-fns';
import type { FeedItem } from '../../../api/contract/activity';

export const DEFAULT_AVATAR = '/default-avatar.svg';
export const EVENT_TITLE = 'Activity participation bonus';
export const STEPS_TITLE = '10,000 step bonus';

/** The title SPEC 2 shows: the activity's own, or the bonus name. */
export const feedTitle = (item: FeedItem) => (item.isEvent ? EVENT_TITLE : item.isAchievement ? STEPS_TITLE : item.name);

/** "3 hours ago"; an activity logged for later today is not 'in 2 hours' but happening now. */
const relativeTime = (when: Date) => formatDistanceToNow(Math.min(when.getTime(), Date.now()), { addSuffix: true });

export function FeedEntry({ item }: { item: FeedItem }) {
  const fullName = `${item.firstName} ${item.lastName}`;
  const when = new Date(item.startDate);
  const Icon = item.isEvent ? IconAward : item.isAchievement ? IconShoe : null;
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="feed-entry">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar src={item.profilePicture ?? DEFAULT_AVATAR} alt={fullName} radius="xl" size={40} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={8} justify="space-between" wrap="wrap">
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {fullName}
            </Text>
            <Text component="time" dateTime={item.startDate} size="xs" c="dimmed" title={when.toUTCString()}>
              {relativeTime(when)}
            </Text>
          </Group>
          <Group gap={8} justify="space-between" wrap="nowrap">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              {Icon ? <Icon size={16} aria-hidden /> : null}
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {feedTitle(item)}
              </Text>
            </Group>
            <Text size="sm" fw={700} style={{ flexShrink: 0 }} aria-label={`${item.movingTime} minutes`}>
              {item.movingTime}m
            </Text>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
