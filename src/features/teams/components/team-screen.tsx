import { Avatar, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useSession } from '../../../api/session';
import { PageShell } from '../../../components/page-shell';
import { useKeptSuspenseQuery } from '../../../lib/use-kept-suspense-query';
import { teamsQueries } from '../api/teams-queries';
import { CompetitionYearSelect } from '../../../components/competition-year-select';
import { formatWholeNumber } from '../../../lib/format-whole-number';

const TeamMonthsChart = lazy(() => import('./team-months-chart'));

/** /teams/:id: members ranked by their points for the team (points only: nobody's activities), and the team's months. */
export function TeamScreen({ teamId, year, onYearChange }: { teamId: number; year: number; onYearChange: (year: number) => void }) {
  const viewerId = useSession()?.user.id ?? null;
  const page = useKeptSuspenseQuery(teamsQueries.page(teamId, year));
  const { team, members, months } = page.data;
  return (
    <PageShell title={team.name} size="lg" actions={<CompetitionYearSelect value={year} onChange={onYearChange} />}>
      <Stack gap="lg" aria-busy={page.isFetching || page.isStale} style={{ opacity: page.isStale ? 0.6 : 1 }}>
        {team.archived ? <Text c="dimmed">This team is archived; its results stay.</Text> : null}
        <Paper withBorder radius="lg" p="md">
          <Title order={2} size="h4" mb="sm">
            Points per month
          </Title>
          <Suspense fallback={<Text c="dimmed">Loading the chart...</Text>}>
            <TeamMonthsChart months={months} />
          </Suspense>
        </Paper>
        <Table striped verticalSpacing="xs" aria-label="Members">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Rank</Table.Th>
              <Table.Th>Member</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Points</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text c="dimmed" size="sm">
                    No members
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              members.map((member) => (
                <Table.Tr key={member.userId} aria-current={member.userId === viewerId ? 'true' : undefined} bg={member.userId === viewerId ? 'var(--mantine-primary-color-light)' : undefined}>
                  <Table.Td>{member.rank}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Avatar src={member.profilePicture} size="sm" radius="xl" name={`${member.firstName} ${member.lastName}`} />
                      {member.firstName} {member.lastName}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{formatWholeNumber(member.points)}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Stack>
    </PageShell>
  );
}
