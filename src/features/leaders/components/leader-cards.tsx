import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { LeaderRow } from '../../../api/contract/leaders';
import { formatWholeNumber } from '../../../lib/format-whole-number';

/** The admin leaders list on phones: one card per employee, points in view, nothing to scroll sideways. */
export function LeaderCards({ rows }: { rows: LeaderRow[] }) {
  if (rows.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        No users match these filters
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" aria-label="Leaders" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {rows.map((row) => (
        <Paper key={row.userId} component="li" withBorder radius="md" p="sm" aria-label={`${row.firstName} ${row.lastName}`}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text fw={600}>
                {row.firstName} {row.lastName}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {row.email}
              </Text>
              <Badge variant="light" radius="sm" tt="none" mt={4}>
                {row.levelOfCompetition}
              </Badge>
            </div>
            <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
              <Text fw={700}>{formatWholeNumber(row.annualPoints)}</Text>
              <Text size="xs" c="dimmed">
                Annual Points
              </Text>
              <Text fw={600} size="sm" mt={4}>
                {formatWholeNumber(row.monthlyPoints)}
              </Text>
              <Text size="xs" c="dimmed">
                Monthly Points
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
