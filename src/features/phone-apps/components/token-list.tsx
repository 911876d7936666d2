import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useState } from 'react';
import type { ImportToken } from '../../../api/contract/phone-apps';
import { ConfirmActions } from '../../../components/confirm-actions';
import { useRevokeImportToken } from '../api/use-revoke-import-token';

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const moment = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

const usedText = (token: ImportToken) => (token.lastUsedAt ? `last used ${moment.format(new Date(token.lastUsedAt))}` : 'not used yet');

/** The employee's tokens in force, each with its last use and 'Revoke' (asked first). */
export function TokenList({ tokens }: { tokens: ImportToken[] }) {
  const revoke = useRevokeImportToken();
  const [revoking, setRevoking] = useState<ImportToken | null>(null);
  if (tokens.length === 0) return <Text size="sm">No phone app is connected.</Text>;
  return (
    <>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Phone app tokens">
        {tokens.map((token) => (
          <Group component="li" key={token.id} justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconDeviceMobile size={18} aria-hidden />
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {token.name}
                </Text>
                <Text size="sm" c="dimmed">
                  Created {day.format(new Date(token.createdAt))} · {usedText(token)}
                </Text>
              </div>
            </Group>
            <Button size="xs" variant="default" disabled={revoke.isPending} onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
              Revoke
            </Button>
          </Group>
        ))}
      </Stack>
      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title={`Revoke ${revoking?.name ?? ''}?`} centered>
        <Stack gap="md">
          <Text size="sm">The app that uses this token can no longer send workouts or steps. What it sent before stays.</Text>
          <ConfirmActions confirmLabel="Revoke" color="red" onCancel={() => setRevoking(null)} onConfirm={() => revoking && revoke.mutate(revoking.id)} />
        </Stack>
      </Modal>
    </>
  );
}
