import { Alert, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { SsoButton } from './sso-button';

/** Sign-up (or an invitation link) with passwords off: newcomers join through the company account. */
export function SsoOnlyNotice({ label }: { label: string }) {
  return (
    <Alert color="blue" variant="light" icon={<IconKey />} title={`Join with ${label}`}>
      <Stack gap="sm" align="stretch">
        <Text size="sm">This organisation signs everyone in with their company account. Your profile is created the first time you sign in.</Text>
        <SsoButton label={label} />
      </Stack>
    </Alert>
  );
}
