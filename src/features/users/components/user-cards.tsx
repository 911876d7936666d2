import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { fullName, genderLabel } from './labels';
import { QuarterlyBonusCell } from './quarterly-bonus-cell';
import { UserActions } from './user-actions';
import { UserEmail } from './user-email';
import type { UsersViewProps } from './users-table';
import { competitionYearSpan } from '@/domain/competition';

/** The users table as stacked cards on phones: every column, nothing to scroll sideways. */
export function UserCards({ rows, bonusYear, pendingBonus, resettingIds, onBonusChange, emptyText, ...actions }: UsersViewProps) {
  if (rows.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" aria-label="Users" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {rows.map((user) => (
        <Paper key={user.id} component="li" withBorder radius="md" p="sm" aria-label={fullName(user)}>
          <Stack gap={8}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>{fullName(user)}</Text>
                <Text size="sm" c="dimmed" component="div">
                  <UserEmail user={user} anywhere />
                </Text>
              </div>
              <Badge variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
                {user.levelOfCompetition}
              </Badge>
            </Group>
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                Gender:{' '}
              </Text>
              {genderLabel(user.gender)}
            </Text>
            <div>
              <Text size="sm" c="dimmed">
                {bonusYear} Quarterly Bonus
              </Text>
              <Text size="xs" c="dimmed" mb={4}>
                {competitionYearSpan(bonusYear)}
              </Text>
              <QuarterlyBonusCell
                name={fullName(user)}
                year={bonusYear}
                flags={pendingBonus.get(user.id) ?? user.quarterlyBonus}
                busy={pendingBonus.has(user.id)}
                onChange={(flags) => onBonusChange(user, flags)}
              />
            </div>
            <UserActions user={user} resetting={resettingIds.has(user.id)} withLabels {...actions} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
