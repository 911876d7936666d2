import { Alert, Button, Checkbox, Group, Modal, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { ApiType, TrackerStatus } from '../../../api/contract/trackers';
import { toast } from '../../../api/toasts';
import { trackerMessages } from '../../../domain/tracker-errors';
import { saveTrackerReturnUrl } from '../../../lib/tracker-return';
import { backfillPending, trackerQueries } from '../api/tracker-queries';
import { useDisconnectService } from '../api/use-disconnect-service';
import { useSyncActivities } from '../api/use-sync-activities';
import { browserNavigation } from '../../../lib/browser-navigation';
import { authorizationUrl } from '../authorization';
import { DISCONNECT_QUESTION, disconnectConsequence, serviceByType, trackerServices, type TrackerService } from '../services';
import './readable.css';
import { ConfirmActions } from '../../../components/confirm-actions';
import { ImportWorkoutFilesButton } from './import-workout-files-button';

/** "Strava, Fitbit or Polar". */
const anyOf = (labels: string[]) => (labels.length < 2 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`);

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The line under a connected service: its state, last sync and, after a failed attempt, what went wrong. */
const connectedDescription = (status: TrackerStatus | undefined) => {
  if (!status) return 'Connected';
  if (status.state === 'unavailable') return 'Connected, but no longer available in this installation';
  if (status.state === 'reconnect_needed') return `Reconnect needed. ${status.lastResult ?? ''}`.trim();
  // The app's own set-up at the provider is wrong: the employee has nothing to do (no "reconnect").
  if (status.state === 'paused') return trackerMessages.paused(status.apiType);
  if (!status.lastAttemptAt) return 'Connected · importing your workouts…';
  const synced = status.lastSyncAt ? `Connected · last synced ${when(status.lastSyncAt)}` : 'Connected · not synced yet';
  const failedSince = status.lastAttemptOk === false;
  return failedSince && status.lastResult ? `${synced}. Last attempt: ${status.lastResult}` : `${synced} · ${status.lastResult ?? ''}`.replace(/ · $/, '');
};

/**
 * The fitness service connector, on the fitness services page and the profile: ticking a
 * service stores the current path and goes to the provider; unticking asks, then disconnects.
 */
/** `withTitle={false}` where the page's own heading already says "Fitness services". */
export function FitnessServicesConnector({ withTitle = true }: { withTitle?: boolean }) {
  // The page's loader brought both (profile and fitness services routes).
  const config = useSuspenseQuery(trackerQueries.config());
  const apis = useSuspenseQuery(trackerQueries.apis());
  const disconnect = useDisconnectService();
  const sync = useSyncActivities();
  const [leaving, setLeaving] = useState<ApiType | null>(null);
  // The app's own location (path and query), where the return page brings the user back.
  const here = useRouterState({ select: (state) => state.location.href });
  const connected = new Set(apis.data.apis);
  const statusOf = (type: ApiType) => apis.data.services.find((service) => service.apiType === type);
  const queryClient = useQueryClient();
  // When the import after connecting finishes, the dashboard, feed and standings change: refetch them.
  const pending = backfillPending(apis.data);
  const wasPending = useRef(pending);
  useEffect(() => {
    if (wasPending.current && !pending) void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'session' && query.queryKey[0] !== 'trackers' });
    wasPending.current = pending;
  }, [pending, queryClient]);

  const connect = async (service: TrackerService) => {
    if (!config.data[service.key]) return;
    setLeaving(service.type);
    try {
      saveTrackerReturnUrl(here);
      browserNavigation.assign(await authorizationUrl(service.type));
    } catch {
      setLeaving(null);
      toast.error('create', `${service.label} could not be opened. Please try again`);
    }
  };

  // A local Modal, not the lazily mounted modals manager: a click right after the page loads must not be lost.
  const [disconnecting, setDisconnecting] = useState<TrackerService | null>(null);
  const confirmDisconnect = (service: TrackerService) => setDisconnecting(service);
  const closeDisconnect = () => setDisconnecting(null);


  return (
    <Paper className="trackers-readable" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Fitness services">
      <Stack gap="md">
        {withTitle && (
          <div>
            <Title order={2} size="h4">
              Fitness services
            </Title>
            <Text size="sm" c="dimmed">
              Connect a fitness tracker to import your workouts into the challenge.
            </Text>
          </div>
        )}
        {trackerServices.map((service) => {
          const available = Boolean(config.data[service.key]);
          const isConnected = connected.has(service.type);
          const description = !available
            ? `${service.label} is not available in this installation`
            : leaving === service.type
              ? `Opening ${service.label}...`
              : isConnected
                ? connectedDescription(statusOf(service.type))
                : 'Not connected';
          const needsReconnect = isConnected && statusOf(service.type)?.state === 'reconnect_needed';
          return (
            <Stack key={service.type} gap={6}>
              <Checkbox
                size="md"
                label={service.label}
                description={description}
                checked={isConnected}
                disabled={!available || leaving !== null || disconnect.isPending}
                onChange={(event) => (event.currentTarget.checked ? void connect(service) : confirmDisconnect(service))}
              />
              {needsReconnect && available && (
                <Group ml={34}>
                  <Button size="xs" variant="light" color="orange" leftSection={<IconAlertTriangle size={16} />} disabled={leaving !== null} onClick={() => void connect(service)}>
                    Connect {service.label} again
                  </Button>
                </Group>
              )}
            </Stack>
          );
        })}
        {trackerServices.every((service) => !config.data[service.key]) && (
          <Alert variant="light" icon={<IconInfoCircle size={18} />}>
            No fitness service is configured yet. Ask your administrator to set up {anyOf(trackerServices.map((service) => service.label))}.
          </Alert>
        )}
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Another watch or Apple Health? Import its workout files (FIT, GPX, TCX, a ZIP of them) or Apple Health&apos;s export.
          </Text>
          <Group>
            <ImportWorkoutFilesButton />
          </Group>
        </Stack>
        {connected.size > 0 && (
          <Stack gap={6}>
            <Group>
              <Button variant="light" leftSection={<IconRefresh size={18} />} loading={sync.isPending} onClick={() => sync.mutate()}>
                Sync now
              </Button>
            </Group>
            {sync.isPending && (
              // A sync reads every page the provider has for the window: say what is going on while it runs.
              <Stack gap={4} role="status" aria-live="polite">
                <Text size="sm">Importing your workouts from {[...connected].map((service) => serviceByType(service).label).join(' and ')}…</Text>
                <Progress value={100} striped animated aria-label="Sync in progress" />
              </Stack>
            )}
          </Stack>
        )}
      </Stack>
      <Modal opened={disconnecting !== null} onClose={closeDisconnect} title={disconnecting ? `Disconnect ${disconnecting.label}` : undefined} centered>
        {disconnecting && (
          <Stack gap="md">
            <Stack gap="xs">
              <Text size="sm">{DISCONNECT_QUESTION}</Text>
              <Text size="sm">{disconnectConsequence(disconnecting.type)}</Text>
            </Stack>
            <ConfirmActions confirmLabel="Disconnect" color="red" autoFocus={false} onConfirm={() => disconnect.mutate(disconnecting.type)} onCancel={closeDisconnect} />
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}
