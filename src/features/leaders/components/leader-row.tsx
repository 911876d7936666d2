import { Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { TopLeader } from '../../../api/contract/leaders';
import { UserAvatar } from '../../../components/user-avatar';
import { truncateName } from '../truncate-name';
import { formatWholeNumber } from '../../../lib/format-whole-number';


type Props = { leader: TopLeader; rank: number; columnTop: number; isViewer: boolean };

/** One leader: avatar, cut names, annual points and a bar relative to the column's best. */
export function LeaderRow({ leader, rank, columnTop, isViewer }: Props) {
  const fullName = `${leader.firstName} ${leader.lastName}`;
  const share = columnTop > 0 ? Math.round((leader.annualPoints / columnTop) * 100) : 0;
  return (
    <Paper
      component="li"
      withBorder
      p="xs"
      radius="md"
      aria-current={isViewer ? 'true' : undefined}
      data-testid="leader-row"
      bg={isViewer ? 'var(--mantine-primary-color-light)' : undefined}
      style={isViewer ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <Text fw={700} c="dimmed" w={20} ta="right" size="sm" aria-label={`Rank ${rank}`}>
          {rank}
        </Text>
        <UserAvatar src={leader.profilePicture} name={fullName} size={36} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} justify="space-between" wrap="nowrap">
            <Text size="sm" fw={500} title={fullName} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {truncateName(leader.firstName)} {truncateName(leader.lastName)}
            </Text>
            {isViewer ? (
              <Badge size="xs" variant="filled" color="dark">
                You
              </Badge>
            ) : null}
          </Group>
          <Progress value={share} size="sm" aria-label={`${fullName}: ${share}% of the column's best`} />
          <Text size="xs" c="dimmed">
            {formatWholeNumber(leader.annualPoints)} points
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
