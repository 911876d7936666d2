import { Alert, Button, Group, Loader, Paper, Stack, Text, Title, useComputedColorScheme } from '@mantine/core';
import { IconDownload, IconFileZip, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAccessOptions } from '../../../api/access-options';
import { privacyEndpoints, type DataExport } from '../../../api/contract/privacy';
import { downloadFile } from '../../../api/download';
import { DownloadButton } from '../../../components/download-button';
import { privacyQueries } from '../api/privacy-queries';
import { useRequestExport } from '../api/use-request-export';
import { DeleteAccountModal } from './delete-account-modal';

const until = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** 'Download my data' in its three states: nothing yet (or expired), preparing, ready until a time. */
function DataExportControls({ state }: { state: DataExport | undefined }) {
  const request = useRequestExport();
  if (state?.status === 'preparing') {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>Preparing… your data is being collected; this takes a moment.</Text>
      </Group>
    );
  }
  if (state?.status === 'ready' && state.expiresAt) {
    const availableUntil = `available until ${until.format(new Date(state.expiresAt))}`;
    return (
      <Group gap="xs" align="center">
        {/* The time sits beside the button, so a phone wraps it instead of cutting the label. */}
        <DownloadButton
          label="Download"
          ariaLabel={`Download (${availableUntil})`}
          download={() => downloadFile(privacyEndpoints.downloadExport)}
        />
        <Text size="sm" aria-hidden>
          ({availableUntil})
        </Text>
        <Button variant="subtle" loading={request.isPending} onClick={() => request.mutate()}>
          Prepare a new copy
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="xs" align="flex-start">
      {state?.status === 'failed' && (
        <Alert color="red" variant="light" role="alert">
          Your data could not be prepared. Please try again.
        </Alert>
      )}
      <Button
        variant="default"
        leftSection={<IconFileZip size={16} aria-hidden />}
        loading={request.isPending}
        onClick={() => request.mutate()}
      >
        Download my data
      </Button>
    </Stack>
  );
}

type Props = {
  /** Back from 'Confirm with <label>' (the profile's `?deleteAccount=confirmed`): the dialog opens again, confirmed. */
  reauthenticated?: boolean;
  /** The dialog closed (the route forgets `?deleteAccount`). */
  onDeletionClosed?: () => void;
};

/** The profile's privacy part (docs/access.md#privacy-self-service): the data export and account deletion. */
export function PrivacySection({ reauthenticated = false, onDeletionClosed }: Props) {
  const exportState = useQuery(privacyQueries.export());
  const [deleting, setDeleting] = useState(reauthenticated);
  const ssoLabel = useAccessOptions()?.sso?.label ?? null;
  const closeDeletion = () => {
    setDeleting(false);
    onDeletionClosed?.();
  };
  // Outline text must read on either background: the dark red on light, a light red on dark (axe contrast).
  const dangerOutline = useComputedColorScheme('light', { getInitialValueInEffect: true }) === 'dark' ? 'red.3' : 'red.9';
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="privacy-title">
      <Stack gap="lg">
        <Title order={2} size="h4" id="privacy-title">
          Your data and account
        </Title>
        <Stack gap="xs">
          <Text fw={600}>
            <IconDownload size={16} aria-hidden /> Your data
          </Text>
          <Text size="sm" c="dimmed">
            A ZIP file with your profile, activities (with where each came from: entered by you, a fitness service or a phone app), steps, events, scores,
            tracker connections and the audit entries about you, each as JSON and CSV. It is offered for 24 hours.
          </Text>
          {exportState.isError ? (
            <Text c="red">Your data status could not be loaded.</Text>
          ) : (
            <DataExportControls state={exportState.data} />
          )}
        </Stack>
        <Stack gap="xs">
          <Text fw={600}>
            <IconTrash size={16} aria-hidden /> Delete my account
          </Text>
          <Text size="sm" c="dimmed">
            Deletes your account and everything in it for good, and removes you from every leaderboard and view.
          </Text>
          <Button color={dangerOutline} variant="outline" onClick={() => setDeleting(true)} style={{ alignSelf: 'flex-start' }}>
            Delete my account
          </Button>
        </Stack>
      </Stack>
      <DeleteAccountModal opened={deleting} onClose={closeDeletion} ssoLabel={ssoLabel} reauthenticated={reauthenticated} />
    </Paper>
  );
}
