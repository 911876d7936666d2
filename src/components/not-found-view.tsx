import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '../lib/use-document-title';

export default function NotFoundView() {
  useDocumentTitle('Page not found');
  return (
    <Stack align="center" py="xl" gap="sm">
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">The page you are looking for does not exist.</Text>
      <Button component={Link} to="/" variant="light">
        Go home
      </Button>
    </Stack>
  );
}
