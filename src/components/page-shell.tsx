import { Container, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';

/** The frame of every page: a width-limited column with the page title as its h1. */
export function PageShell({ title, children, size = 'lg', actions }: { title: string; children?: ReactNode; size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl'; actions?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Container size={size} py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        {actions ? (
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', justifyContent: 'space-between' }}>
            <Title order={1}>{title}</Title>
            {actions}
          </div>
        ) : (
          <Title order={1}>{title}</Title>
        )}
        {children}
      </Stack>
    </Container>
  );
}
