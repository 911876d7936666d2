import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { OperatorFault, TrackerProviderStatus } from '../../../api/contract/trackers';
import { PageShell } from '../../../components/page-shell';
import { serviceLabel } from '../../../domain/tracker-errors';
import { trackerQueries } from '../api/tracker-queries';

/** What the administrator has to do about each set-up fault (docs/trackers.md "Operator faults"). */
const faultAdvice: Record<OperatorFault, string> = {
  api_not_enabled: 'The API is not enabled for the app\'s project at the provider. Enable it in the provider\'s console.',
  invalid_client: 'The provider refuses the app\'s client id or secret. Check the configured client secret (it may have been rotated).',
  redirect_uri_mismatch: 'The provider does not know the app\'s return address. Register APP_ORIGIN/strava or APP_ORIGIN/fitbit as a redirect URI.',
  app_suspended: 'The provider has suspended the app. Contact the provider\'s developer support.',
};

const reasonLabels: Record<string, string> = {
  api_not_enabled: 'API not enabled',
  invalid_client: 'Client id or secret refused',
  redirect_uri_mismatch: 'Redirect URI not registered',
  app_suspended: 'App suspended',
  unauthorized: 'Access withdrawn or expired',
  invalid_grant: 'Grant refused',
  forbidden: 'Permission refused',
  gone: 'Gone',
  rate_limited: 'Rate limited',
  failed: 'No answer or unreadable answer',
};

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never');
const budgetText = (window: TrackerProviderStatus['budget']['day']) => (window ? `${window.left.toLocaleString('en-GB')} of ${window.limit.toLocaleString('en-GB')} left` : 'No calls in this window yet');

function ProviderCard({ provider }: { provider: TrackerProviderStatus }) {
  const name = serviceLabel[provider.apiType];
  const state = !provider.configured ? 'Not configured' : provider.needsAdministrator ? 'Needs the administrator' : 'Working';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`tracker-${provider.apiType}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3" id={`tracker-${provider.apiType}`}>
            {name}
          </Title>
          <Badge color={provider.needsAdministrator ? 'red.9' : provider.configured ? 'teal.9' : 'gray.7'} variant="filled" tt="none">
            {state}
          </Badge>
        </Group>
        {provider.needsAdministrator && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title={`Syncing with ${name} is paused since ${when(provider.needsAdministrator.since)}`}>
            {faultAdvice[provider.needsAdministrator.reason]}
          </Alert>
        )}
        <Table variant="vertical" layout="fixed" withTableBorder={false} aria-label={`${name} status`}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w="45%">Connections</Table.Th>
              <Table.Td>{`${provider.connections.connected} working, ${provider.connections.reconnectNeeded} to reconnect`}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Last successful sync</Table.Th>
              <Table.Td>{when(provider.lastSuccessfulSyncAt)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Budget left (15 minutes)</Table.Th>
              <Table.Td>{budgetText(provider.budget.fifteenMinutes)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Budget left (today, UTC)</Table.Th>
              <Table.Td>{budgetText(provider.budget.day)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Title order={3} size="h5">
          Failures in the last 24 hours
        </Title>
        {provider.failures.length === 0 ? (
          <Text c="dimmed" size="sm">
            None.
          </Text>
        ) : (
          <Stack gap={4} component="ul" aria-label={`${name} failures in the last 24 hours`} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {provider.failures.map((failure) => (
              <Group key={failure.reason} component="li" justify="space-between" gap="xs">
                <Text size="sm">{`${reasonLabels[failure.reason] ?? failure.reason}${failure.operator ? ' (set-up)' : ''}`}</Text>
                <Text size="sm" fw={600}>
                  {failure.count}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** /admin/trackers: each fitness service's health, so the administrator sees set-up faults before employees ask. */
export function TrackerPanelScreen() {
  const panel = useSuspenseQuery(trackerQueries.panel());
  return (
    <PageShell title="Fitness services" size="xl">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {panel.data.providers.map((provider) => (
          <ProviderCard key={provider.apiType} provider={provider} />
        ))}
      </SimpleGrid>
    </PageShell>
  );
}
