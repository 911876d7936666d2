import { Group, Paper, Skeleton, Text } from '@mantine/core';

/**
 * 'Total month' and 'Total annual' (activity minutes; annual = competition year). docs/product-rules.md#dashboard-and-calendar: hidden while
 * fetching; two skeletons of the same size keep their place, so nothing below jumps.
 */
export function MonthTotals({ totals, fetching }: { totals: { totalMonth: number; totalAnnual: number } | undefined; fetching: boolean }) {
  if (fetching || !totals) {
    return (
      <Group grow gap="md" preventGrowOverflow={false} aria-busy="true" aria-label="Loading totals">
        <Skeleton h={58} radius="md" />
        <Skeleton h={58} radius="md" />
      </Group>
    );
  }
  return (
    <Group grow gap="md" preventGrowOverflow={false}>
      <Paper withBorder radius="md" p="md">
        <Text fw={600}>Total month: {totals.totalMonth} mins</Text>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Text fw={600}>Total annual: {totals.totalAnnual} mins</Text>
      </Paper>
    </Group>
  );
}
