import { Group, Paper, Text } from '@mantine/core';

/** 'Total month' and 'Total annual' (activity minutes; annual = competition year), hidden while fetching. */
export function MonthTotals({ totals, fetching }: { totals: { totalMonth: number; totalAnnual: number } | undefined; fetching: boolean }) {
  if (fetching || !totals) return <div style={{ minHeight: 58 }} aria-busy="true" />;
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
