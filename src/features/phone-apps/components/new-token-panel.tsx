import { Button, Code, CopyButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { phoneAppsEndpoints } from '../../../api/contract/phone-apps';

/** The addresses a phone app posts to, on this installation. */
const addressOf = (path: string) => `${window.location.origin}/api${path}`;

function CopyLine({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy} leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />} aria-label={`Copy ${label.toLowerCase()}`}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/**
 * A token just created: shown this once (only its hash is kept), with the header and the two
 * addresses the employee pastes into the phone app (docs/trackers.md#phone-apps).
 */
export function NewTokenPanel({ name, token, onDone }: { name: string; token: string; onDone: () => void }) {
  return (
    <Paper withBorder radius="md" p="md" role="status" aria-label={`Token for ${name}`}>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconKey size={18} aria-hidden />
          <Text fw={700}>Token for {name}</Text>
        </Group>
        <Text size="sm">Copy it now: it is shown only this once. Anyone with it can send workouts and steps to your account, nothing else.</Text>
        <CopyLine label="Token" value={token} />
        <CopyLine label="Header" value={`Authorization: Bearer ${token}`} />
        <CopyLine label="Address for Health Auto Export (REST API, JSON)" value={addressOf(phoneAppsEndpoints.healthAutoExport.path)} />
        <CopyLine label="Address for Shortcuts, Tasker and other apps" value={addressOf(phoneAppsEndpoints.phoneApp.path)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
