import { Alert, Box, Button, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../api/session';
import { accessQueries } from '../api/access-queries';
import { useResendConfirmation } from '../api/use-confirmation';

/** Shown to a self-made account until it opens its confirmation link (docs/access.md). */
export function ConfirmEmailBanner() {
  const status = useQuery(accessQueries.confirmation());
  const session = useSession();
  const resend = useResendConfirmation();
  if (status.data?.emailConfirmed !== false) return null;
  return (
    <Box component="section" aria-label="E-mail confirmation" px={{ base: 'xs', sm: 'md' }} pt="md" maw={1200} mx="auto">
      {/* The title in the text colour: the light yellow title falls short of the contrast ratio. */}
      <Alert color="yellow" variant="light" icon={<IconMailExclamation />} title="Please confirm your e-mail address" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" maw={640}>
            We sent a link to {session?.user.email ?? 'your address'}. Until you open it, your colleagues do not see you in the feed or on
            the leaderboard.
          </Text>
          <Button size="xs" variant="default" disabled={resend.isPending} onClick={() => resend.mutate()}>
            Send the link again
          </Button>
        </Group>
      </Alert>
    </Box>
  );
}
