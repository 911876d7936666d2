import { Badge, Button, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { auditActions, auditEndpoints, type AuditAction } from '../../../api/contract/audit';
import { downloadFile } from '../../../api/download';
import { DownloadButton } from '../../../components/download-button';
import { useKeptSuspenseQuery } from '../../../lib/use-kept-suspense-query';
import { PageShell } from '../../../components/page-shell';
import { Pagination } from '../../../components/pagination';
import { AUDIT_PAGE_SIZE, auditQueries } from '../api/audit-queries';
import type { AuditView } from '../audit-view';
import { actionLabels, actorText, changeText, subjectText } from '@/domain/audit-text';


const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

type Props = { view: AuditView; onViewChange: (next: Partial<AuditView>) => void };

/** /admin/audit: every admin action and security event, newest first, filtered by employee and action. */
export function AuditScreen({ view, onViewChange }: Props) {
  // The route's loader brought the first view; another page or filter keeps these rows, dimmed, until its own arrive.
  const list = useKeptSuspenseQuery(auditQueries.list(view));
  const narrow = useMediaQuery('(max-width: 48em)');
  const rows = list.data.rows;
  const totalPages = Math.ceil(list.data.count / AUDIT_PAGE_SIZE);
  const subjectEntry = view.subjectId ? rows.find((row) => row.subjectId === view.subjectId) : undefined;
  const subjectName = view.subjectId ? ((subjectEntry && subjectText(subjectEntry)) ?? `#${view.subjectId}`) : null;

  return (
    <PageShell title="Audit trail" size="xl" actions={<DownloadButton download={() => downloadFile(auditEndpoints.exportList, { query: { subjectId: view.subjectId, action: view.action } })} />}>
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label="Action"
          placeholder="All actions"
          data={auditActions.map((action) => ({ value: action, label: actionLabels[action] }))}
          value={view.action ?? null}
          onChange={(value) => onViewChange({ action: (value as AuditAction | null) ?? undefined, page: 1 })}
          clearable
          w={{ base: '100%', xs: 260 }}
        />
        {subjectName && (
          <Button variant="light" onClick={() => onViewChange({ subjectId: undefined, page: 1 })}>
            {`Employee: ${subjectName} (show everyone)`}
          </Button>
        )}
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed" py="md">
          Nothing has been recorded for this filter yet.
        </Text>
      ) : (
        <Stack gap="md" aria-busy={list.isFetching || list.isStale} style={{ opacity: list.isStale ? 0.6 : 1 }}>
          {narrow ? (
            <Stack gap="sm" component="ul" aria-label="Audit entries" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {rows.map((event) => (
                <Paper key={event.id} component="li" withBorder radius="md" p="sm">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Badge variant="light" tt="none">
                      {actionLabels[event.action]}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {when(event.at)}
                    </Text>
                  </Group>
                  <Text size="sm" mt={4}>
                    {subjectText(event) ?? '—'} · by {actorText(event)}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {changeText(event)}
                  </Text>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={900}>
              <Table striped verticalSpacing="xs" aria-label="Audit entries">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Action</Table.Th>
                    <Table.Th>Employee</Table.Th>
                    <Table.Th>By</Table.Th>
                    <Table.Th>Change</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((event) => (
                    <Table.Tr key={event.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(event.at)}</Table.Td>
                      <Table.Td>{actionLabels[event.action]}</Table.Td>
                      <Table.Td>
                        {event.subjectId ? (
                          <Button variant="subtle" size="compact-sm" onClick={() => onViewChange({ subjectId: event.subjectId ?? undefined, page: 1 })}>
                            {subjectText(event)}
                          </Button>
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                      <Table.Td>{actorText(event)}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{changeText(event)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Pagination page={view.page} totalPages={totalPages} onChange={(page) => onViewChange({ page })} label="Audit pages" />
        </Stack>
      )}
    </PageShell>
  );
}
