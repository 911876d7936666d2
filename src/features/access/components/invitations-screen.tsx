import { SimpleGrid, Stack } from '@mantine/core';
import { PageShell } from '../../../components/page-shell';
import { InvitationsTable } from './invitations-table';
import { InviteForm } from './invite-form';
import { RosterImport } from './roster-import';

/** Admin: bring the company's people in, one by one or from the HR roster (docs/access.md). */
export function InvitationsScreen() {
  return (
    <PageShell title="Invitations" size="xl">
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <InviteForm />
          <RosterImport />
        </SimpleGrid>
        <InvitationsTable />
      </Stack>
    </PageShell>
  );
}
