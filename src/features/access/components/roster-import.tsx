import { Badge, Button, FileInput, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { ROSTER_MAX_ROWS, ROSTER_MAX_SIZE_LABEL, type RosterCounts, type RosterPreview } from '../../../api/contract';
import { useImportRoster, usePreviewRoster } from '../api/invitation-calls';

const countLabels: { key: keyof RosterCounts; label: string; color: string }[] = [
  { key: 'new', label: 'to invite', color: 'green' },
  { key: 'invited', label: 'already invited', color: 'gray' },
  { key: 'account', label: 'have an account', color: 'gray' },
  { key: 'revoked', label: 'revoked', color: 'orange' },
  { key: 'duplicate', label: 'duplicates', color: 'orange' },
  { key: 'error', label: 'with errors', color: 'red' },
];

/** Rows shown of each list; the counts above say how many there are in all. */
const SHOWN_ROWS = 500;

/** A scrollable list of the file's rows (focusable, so keyboard users can scroll a long one). */
function RowsTable({ label, headers, rows, more }: { label: string; headers: string[]; rows: (string | number)[][]; more: number }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Table.ScrollContainer minWidth={520} maxHeight={320} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${label}, scrollable` } }}>
        <Table striped verticalSpacing={4} aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {headers.map((header) => (
                <Table.Th key={header}>{header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((cells) => (
              <Table.Tr key={cells[0]}>
                {cells.map((cell, index) => (
                  <Table.Td key={headers[index]} style={headers[index] === 'Email' ? { overflowWrap: 'anywhere' } : undefined}>
                    {cell}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {more > 0 && (
        <Text size="xs" c="dimmed">
          {`and ${more.toLocaleString('en')} more`}
        </Text>
      )}
    </Stack>
  );
}

function PreviewSummary({ preview, result }: { preview: RosterPreview; result: boolean }) {
  const withTeams = preview.invitees.some((invitee) => invitee.team !== null);
  return (
    <Stack gap="sm">
      <Group gap="xs" aria-label="Rows of the file">
        <Text size="sm" fw={600}>
          {preview.counts.total} rows:
        </Text>
        {countLabels
          .filter(({ key }) => preview.counts[key] > 0)
          .map(({ key, label, color }) => (
            <Badge key={key} color={color} variant="light" tt="none">
              {preview.counts[key]} {label}
            </Badge>
          ))}
      </Group>
      {preview.invitees.length > 0 && (
        <RowsTable
          label={result ? 'Rows invited' : 'Rows that will be invited'}
          headers={['Line', 'Name', 'Email', 'Level', ...(withTeams ? ['Team'] : [])]}
          rows={preview.invitees.slice(0, SHOWN_ROWS).map((invitee) => [
            invitee.line,
            `${invitee.firstName} ${invitee.lastName}`,
            invitee.email,
            invitee.levelOfCompetition,
            ...(withTeams ? [invitee.team ?? '—'] : []),
          ])}
          more={preview.invitees.length - SHOWN_ROWS}
        />
      )}
      {preview.problems.length > 0 && (
        <RowsTable
          label="Rows that will not be invited"
          headers={['Line', 'Email', 'Why']}
          rows={preview.problems.slice(0, SHOWN_ROWS).map((problem) => [problem.line, problem.email || '—', problem.messages.join('; ')])}
          more={preview.problems.length - SHOWN_ROWS}
        />
      )}
    </Stack>
  );
}

/** Roster upload: the preview first (nothing written), then 'Invite N people'; the same file again invites nobody twice. */
export function RosterImport() {
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const preview = usePreviewRoster();
  const importRoster = useImportRoster();
  const choose = async (next: File | null) => {
    setFile(next);
    preview.reset();
    importRoster.reset();
    const text = next ? await next.text() : null;
    setCsv(text);
    if (text) preview.mutate(text);
  };
  const result = importRoster.data;
  const shown = result ?? preview.data;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Import a roster">
      <Stack gap="md">
        <Title order={2} size="h4">
          Import a roster
        </Title>
        <Text size="sm" c="dimmed">
          A CSV file with the columns email, first_name, last_name and level (Beginner when empty); other columns are ignored. At most{' '}
          {ROSTER_MAX_ROWS.toLocaleString('en')} rows and {ROSTER_MAX_SIZE_LABEL}. You see what the file holds before anyone is invited.
        </Text>
        <FileInput
          label="Roster file (CSV)"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          leftSection={<IconFileSpreadsheet size={18} />}
          value={file}
          onChange={(next) => void choose(next)}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the file' }}
        />
        {shown && <PreviewSummary preview={shown} result={Boolean(result)} />}
        {result ? (
          <Text size="sm" role="status">
            {result.invited} invitation{result.invited === 1 ? '' : 's'} sent.
          </Text>
        ) : (
          preview.data && (
            <Button
              disabled={!csv || importRoster.isPending || preview.data.counts.new === 0}
              onClick={() => csv && importRoster.mutate(csv)}
              style={{ alignSelf: 'flex-start' }}
            >
              {`Invite ${preview.data.counts.new} ${preview.data.counts.new === 1 ? 'person' : 'people'}`}
            </Button>
          )
        )}
      </Stack>
    </Paper>
  );
}
