import { Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Invitation } from '../../../api/contract';
import { Pagination } from '../../../components/pagination';
import { invitationQueries, useResendInvitation, useRevokeInvitation } from '../api/invitation-calls';

const statusColor: Record<Invitation['status'], string> = { pending: 'blue', accepted: 'green', revoked: 'gray', expired: 'orange' };
const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** Every invitation, newest first, with 'Resend' and 'Revoke' while it is open. */
export function InvitationsTable() {
  const [page, setPage] = useState(1);
  const list = useQuery(invitationQueries.list(page));
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const rows = list.data?.rows ?? [];
  const totalPages = Math.max(1, Math.ceil((list.data?.count ?? 0) / 10));
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Invitations">
      <Stack gap="md">
        <Title order={2} size="h4">
          Invitations
        </Title>
        {rows.length === 0 ? (
          <Text c="dimmed" size="sm">
            {list.isPending ? 'Loading...' : 'Nobody has been invited yet.'}
          </Text>
        ) : (
          // Focusable, so keyboard users can scroll the table sideways on a phone.
          <Table.ScrollContainer
            minWidth={720}
            scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Invitations, scrollable' } }}
          >
            <Table striped verticalSpacing="xs" aria-label="Invitations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Level</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Link valid until</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((invitation) => {
                  const open = invitation.status === 'pending' || invitation.status === 'expired';
                  const name = `${invitation.firstName} ${invitation.lastName}`;
                  return (
                    <Table.Tr key={invitation.id}>
                      <Table.Td>{name}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{invitation.email}</Table.Td>
                      <Table.Td>{invitation.levelOfCompetition}</Table.Td>
                      <Table.Td>
                        <Badge color={statusColor[invitation.status]} variant="light" tt="capitalize">
                          {invitation.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{open ? day(invitation.expiresAt) : '—'}</Table.Td>
                      <Table.Td>
                        {open && (
                          <Group gap={4} wrap="nowrap" justify="flex-end">
                            <Button
                              size="compact-sm"
                              variant="light"
                              aria-label={`Resend the invitation of ${name}`}
                              disabled={resend.isPending}
                              onClick={() => resend.mutate(invitation.id)}
                            >
                              Resend
                            </Button>
                            <Button
                              size="compact-sm"
                              variant="subtle"
                              color="red"
                              aria-label={`Revoke the invitation of ${name}`}
                              disabled={revoke.isPending}
                              onClick={() => revoke.mutate(invitation.id)}
                            >
                              Revoke
                            </Button>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {totalPages > 1 && <Pagination page={page} totalPages={totalPages} onChange={setPage} label="Invitation pages" />}
      </Stack>
    </Paper>
  );
}
