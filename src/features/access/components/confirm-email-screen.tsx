import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSession } from '../../../api/session';
import { useConfirmEmail } from '../api/use-confirmation';

/** /confirm-email?token=...: posts the mail's token once and says how it went. */
export function ConfirmEmailScreen({ token }: { token: string }) {
  const confirm = useConfirmEmail();
  const signedIn = useSession() !== null;
  const { mutate } = confirm;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);
  const next = signedIn ? { to: '/employee/dashboard', label: 'Go to your dashboard' } : { to: '/', label: 'Log in' };

  if (token && (confirm.isIdle || confirm.isPending)) {
    return (
      <Center py="xl">
        <Loader aria-label="Confirming your e-mail address" />
      </Center>
    );
  }
  if (confirm.isSuccess) {
    return (
      <Alert color="green" icon={<IconCircleCheck />} title={confirm.data.message}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Your colleagues now see you in the feed and on the leaderboard.</Text>
          <Anchor component={Link} to={next.to} size="sm">
            {next.label}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title="This confirmation link is invalid or has expired">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Links work once. Log in and use ‘Send the link again’ on the banner for a new one.</Text>
        <Anchor component={Link} to={next.to} size="sm">
          {next.label}
        </Anchor>
      </Stack>
    </Alert>
  );
}
