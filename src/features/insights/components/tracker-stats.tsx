import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { CompetitionOverview } from '../../../api/contract/insights';
import { trackerProviders } from '../../../api/contract/tracker-providers';
import { formatNumber } from '../month-label';

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      {detail && (
        <Text size="sm" c="dimmed">
          {detail}
        </Text>
      )}
    </Paper>
  );
}

/** How many employees connected a tracker (now, whatever the year). */
export function TrackerStats({ trackers }: { trackers: CompetitionOverview['trackers'] }) {
  const share = trackers.employees > 0 ? Math.round((trackers.connectedEmployees / trackers.employees) * 100) : 0;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 1 + trackerProviders.length }} spacing="md">
      <Stat label="Employees with a tracker" value={`${formatNumber(trackers.connectedEmployees)} of ${formatNumber(trackers.employees)}`} detail={`${share} % connected now`} />
      {trackerProviders.map((provider) => (
        <Stat key={provider.source} label={`${provider.label} connections`} value={formatNumber(trackers[provider.source] ?? 0)} />
      ))}
    </SimpleGrid>
  );
}
