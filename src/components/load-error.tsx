import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

export const LOAD_ERROR_TITLE = 'This could not be loaded';

/**
 * A failed load is not an empty page: it says so and offers Retry. Empty-state texts ('There are
 * no activities yet!') are for real emptiness only.
 */
export function LoadError({ what, message, onRetry, retrying = false }: { what: string; message?: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={LOAD_ERROR_TITLE} role="alert">
      <Text size="sm" mb="sm">
        {`We could not load ${what}.`} {message ? message : 'Check your connection and try again.'}
      </Text>
      <Group>
        <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={16} />} onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
