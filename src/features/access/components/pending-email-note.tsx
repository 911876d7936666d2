import { Anchor, Group, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { accessQueries } from '../api/access-queries';
import { useKeepCurrentEmail, useResendConfirmation } from '../api/use-confirmation';

/**
 * Under the profile's e-mail field while a new address waits for its link
 * (docs/access.md#changing-the-e-mail-address): the form shows the address in force, this says which
 * one is coming and offers the link again or keeping the current address.
 */
export function PendingEmailNote({ userId, currentEmail }: { userId: number; currentEmail: string }) {
  const status = useQuery(accessQueries.confirmation());
  const resend = useResendConfirmation();
  const keep = useKeepCurrentEmail(userId, currentEmail);
  const pending = status.data?.pendingEmail;
  if (!pending) return null;
  return (
    <Group component="section" aria-label="New e-mail address" gap="xs" wrap="nowrap" align="flex-start" mt={6}>
      <IconMailForward size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        We sent a link to <strong>{pending}</strong>. Your address changes when you open it; until then you sign in with {currentEmail}.{' '}
        <Anchor component="button" type="button" size="sm" underline="always" disabled={resend.isPending} onClick={() => resend.mutate()}>
          Send the link again
        </Anchor>
        {' · '}
        <Anchor component="button" type="button" size="sm" underline="always" disabled={keep.isPending} onClick={() => keep.mutate()}>
          Keep my current address
        </Anchor>
      </Text>
    </Group>
  );
}
