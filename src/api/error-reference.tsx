import { Text, type MantineSpacing } from '@mantine/core';

/** The request id a person can quote to support, under an error (load errors, route errors, error toasts). */
export function ErrorReference({ id, mb }: { id: string; mb?: MantineSpacing }) {
  return (
    <Text size="xs" c="dimmed" mb={mb}>
      Reference: {id}
    </Text>
  );
}
