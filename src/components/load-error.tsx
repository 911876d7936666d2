import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { ApiError } from '../api/api-error';
import { ErrorReference } from '../api/error-reference';

export const LOAD_ERROR_TITLE = 'This could not be loaded';

/**
 * A failed load is not an empty page: it says so and offers Retry. Empty-state texts ('There are
 * no activities yet!') are for real emptiness only. A server's answer names its request id, shown
 * as the reference a user can quote.
 */
export function LoadError({ what, error, onRetry, retrying = false }: { what: string; error: unknown; onRetry: () => void; retrying?: boolean }) {
  const message = error instanceof Error ? error.message : undefined;
  const reference = error instanceof ApiError ? error.requestId : null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={LOAD_ERROR_TITLE} role="alert">
      <Text size="sm" mb="sm">
        {`We could not load ${what}.`} {message ? message : 'Check your connection and try again.'}
      </Text>
      {reference ? <ErrorReference id={reference} mb="sm" /> : null}
      <Group>
        <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={16} />} onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
