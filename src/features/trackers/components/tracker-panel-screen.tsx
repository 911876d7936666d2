import { Alert, Badge, Code, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { OperatorFault, TrackerProviderStatus } from '../../../api/contract/trackers';
import { providerByApiType } from '../../../api/contract/tracker-providers';
import { PageShell } from '../../../components/page-shell';
import { serviceLabel } from '../../../domain/tracker-errors';
import { trackerQueries } from '../api/tracker-queries';

/** What the administrator has to do about each set-up fault (docs/trackers.md "Operator faults"). */
const faultAdvice: Record<OperatorFault, string> = {
  api_not_enabled: 'The API is not enabled for the app\'s project at the provider. Enable it in the provider\'s console.',
  invalid_client: 'The provider refuses the app\'s client id or secret. Check the configured client secret (it may have been rotated).',
  redirect_uri_mismatch: 'The provider does not know the app\'s return address. Register APP_ORIGIN/strava or APP_ORIGIN/fitbit as a redirect URI.',
  client_deleted: 'The app\'s OAuth client was deleted in the provider\'s console. Restore it (Google keeps a deleted client for 30 days), or create a new one and set its id and secret; employees then connect again.',
  app_suspended: 'The provider has suspended the app. Contact the provider\'s developer support.',
  app_inactive: 'Strava reports the app as inactive: since 30 June 2026 a Standard Tier app needs its owner\'s paid Strava subscription. Renew it at strava.com, or apply for Extended Access.',
  athlete_limit: 'Strava accepts no more athletes for this app (the Standard Tier serves at most 10). New employees cannot connect Strava until Strava approves Extended Access or an athlete disconnects; connected athletes keep syncing.',
};

/** Titles of the alert: most faults pause every sync, the athlete cap stops only new connections. */
const faultTitle = (name: string, fault: NonNullable<TrackerProviderStatus['needsAdministrator']>) =>
  fault.reason === 'athlete_limit' ? `${name} accepts no more athletes since ${when(fault.since)}` : `Syncing with ${name} is paused since ${when(fault.since)}`;

const reasonLabels: Record<string, string> = {
  api_not_enabled: 'API not enabled',
  invalid_client: 'Client id or secret refused',
  redirect_uri_mismatch: 'Redirect URI not registered',
  client_deleted: 'OAuth client deleted',
  app_suspended: 'App suspended',
  app_inactive: 'App inactive',
  athlete_limit: 'Limit of connected athletes',
  unauthorized: 'Access withdrawn or expired',
  invalid_grant: 'Grant refused',
  forbidden: 'Permission refused',
  gone: 'Gone',
  rate_limited: 'Rate limited',
  failed: 'No answer or unreadable answer',
};

function SetupAdvice({ apiType }: { apiType: TrackerProviderStatus['apiType'] }) {
  const advice = providerByApiType(apiType).setup;
  return (
    <Text size="sm">
      {`Employees cannot connect it yet. ${advice.where}, then set `}
      {advice.settings.map((setting, index) => (
        <span key={setting}>
          {index > 0 && (index === advice.settings.length - 1 ? ' and ' : ', ')}
          <Code>{setting}</Code>
        </span>
      ))}
      {' in the server\'s environment and restart it. The steps: docs/trackers.md, "Set-up".'}
    </Text>
  );
}

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
        {!provider.configured && <SetupAdvice apiType={provider.apiType} />}
        {provider.needsAdministrator && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title={faultTitle(name, provider.needsAdministrator)}>
            {faultAdvice[provider.needsAdministrator.reason]}
          </Alert>
        )}
        <Table variant="vertical" layout="fixed" withTableBorder={false} aria-label={`${name} status`}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w="45%">Connections</Table.Th>
              <Table.Td>{`${provider.connections.connected} working, ${provider.connections.reconnectNeeded} to reconnect`}</Table.Td>
            </Table.Tr>
            {provider.athleteLimit ? (
              <Table.Tr>
                <Table.Th>Connected athletes</Table.Th>
                <Table.Td>{`${provider.connections.connected + provider.connections.reconnectNeeded} of ${provider.athleteLimit} the provider allows`}</Table.Td>
              </Table.Tr>
            ) : null}
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
