import { Group, Select, Stack, Table, Text } from '@mantine/core';
import { teamsEndpoints } from '../../../api/contract/teams';
import { downloadFile } from '../../../api/download';
import { DownloadButton } from '../../../components/download-button';
import { PageShell } from '../../../components/page-shell';
import { useClock } from '../../../lib/use-clock';
import { useKeptSuspenseQuery } from '../../../lib/use-kept-suspense-query';
import { teamMonthKey, teamMonthsToDate } from '@/domain/team-year';
import { teamsQueries } from '../api/teams-queries';
import { CompetitionYearSelect } from '../../../components/competition-year-select';

const monthName = (key: string) => new Date(`${key}-01T00:00:00Z`).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const percent = (share: number | null) => (share === null ? 'Withheld' : `${Math.round(share * 1000) / 10} %`);

type Props = { year: number; month: number | undefined; onChange: (next: { year: number; month: number | undefined }) => void };

/** /admin/participation: per team, the share of members who logged anything in the month; small groups merged into 'Other teams'. */
export function ParticipationScreen({ year, month, onChange }: Props) {
  const now = useClock().now();
  const months = teamMonthsToDate(year, now);
  const view = useKeptSuspenseQuery(teamsQueries.participation(year, month));
  const { rows, minimumGroupSize } = view.data;
  const actions = (
    <Group align="flex-end">
      <CompetitionYearSelect value={year} onChange={(next) => onChange({ year: next, month: undefined })} />
      <Select
        label="Month"
        data={months.map((option) => ({ value: String(option), label: monthName(teamMonthKey(year, option)) }))}
        value={String(month ?? months.at(-1))}
        onChange={(value) => value && onChange({ year, month: Number(value) })}
        allowDeselect={false}
        w={200}
      />
      <DownloadButton download={() => downloadFile(teamsEndpoints.exportParticipation, { query: { competitionYear: year } })} />
    </Group>
  );
  return (
    <PageShell title="Participation" size="lg" actions={actions}>
      <Stack gap="md" aria-busy={view.isFetching || view.isStale} style={{ opacity: view.isStale ? 0.6 : 1 }}>
        <Text c="dimmed" size="sm">
          Members who logged a workout, a step achievement or an event in the month. Teams of fewer than {minimumGroupSize} members are merged into &apos;Other teams&apos;, so no small group can be singled out.
        </Text>
        <Table striped verticalSpacing="xs" aria-label="Participation">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Team</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Members</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Active members</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Participation</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text c="dimmed" size="sm">
                    No team had members in this month
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={row.teamId ?? 'other'}>
                  <Table.Td>{row.team}</Table.Td>
                  <Table.Td ta="right">{row.members}</Table.Td>
                  <Table.Td ta="right">{row.activeMembers ?? 'Withheld'}</Table.Td>
                  <Table.Td ta="right">{percent(row.share)}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Stack>
    </PageShell>
  );
}
