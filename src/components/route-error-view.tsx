import { Alert, Button, Container, Stack } from '@mantine/core';
import { ApiError } from '../api/api-error';
import { ErrorReference } from '../api/error-reference';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';

/** Shown when a page's loader or render fails: the message and a way to try again. */
export default function RouteErrorView({ error }: ErrorComponentProps) {
  const router = useRouter();
  const { reset } = useQueryErrorResetBoundary();
  useEffect(() => reset(), [reset]);
  return (
    <Container size="sm" py="xl">
      <Alert color="red" icon={<IconAlertTriangle />} title="Something went wrong">
        <Stack gap="sm" align="flex-start">
          {error instanceof Error ? error.message : 'Please try again.'}
          {error instanceof ApiError && error.requestId ? <ErrorReference id={error.requestId} /> : null}
          <Button variant="light" color="red" onClick={() => void router.invalidate()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
