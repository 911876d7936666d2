import { Container, Skeleton, Stack, Title, VisuallyHidden } from '@mantine/core';

export type PagePendingProps = { title?: string; label?: string; size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' };

/**
 * Shown by the router while a page's loader is still waiting for its data (after `pendingMs`): the
 * page's title where the route knows it, and grey blocks where the content will be, in the frame of
 * PageShell so nothing jumps when the data arrives. One accessible label says what is loading.
 */
export default function PagePendingView({ title, label = 'Loading page', size = 'lg' }: PagePendingProps) {
  return (
    <Container size={size} py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }} w="100%" role="status" aria-label={label} aria-busy="true">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Stack gap="lg">
        {title ? <Title order={1}>{title}</Title> : <Skeleton h={36} w={{ base: '60%', sm: 260 }} radius="sm" aria-hidden />}
        <Skeleton h={36} w={{ base: '100%', sm: '50%' }} radius="sm" aria-hidden />
        <Stack gap="sm" aria-hidden>
          <Skeleton h={48} radius="md" />
          <Skeleton h={48} radius="md" />
          <Skeleton h={48} radius="md" />
          <Skeleton h={48} w="70%" radius="md" />
        </Stack>
      </Stack>
    </Container>
  );
}
