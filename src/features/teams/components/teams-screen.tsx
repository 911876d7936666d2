import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSession } from '../../../api/session';
import { PageShell } from '../../../components/page-shell';
import { useKeptSuspenseQuery } from '../../../lib/use-kept-suspense-query';
import { teamsQueries } from '../api/teams-queries';
import { StandingsTable } from './standings-table';
import { CompetitionYearSelect } from '../../../components/competition-year-select';

/** /teams: every team by average points per member; the employee's own team highlighted with their place in it. */
export function TeamsScreen({ year, onYearChange }: { year: number; onYearChange: (year: number) => void }) {
  const session = useSession();
  const isAdmin = session?.user.role === 'admin';
  const board = useKeptSuspenseQuery(teamsQueries.leaderboard(year));
  const mine = board.data.myTeam;
  const myTeam = mine ? board.data.rows.find((row) => row.teamId === mine.teamId) : undefined;

  const actions = (
    <Group align="flex-end">
      {isAdmin ? (
        <>
          <Button variant="light" renderRoot={(props) => <Link to="/admin/teams" {...props} />}>
            Manage teams
          </Button>
          <Button variant="light" renderRoot={(props) => <Link to="/admin/participation" {...props} />}>
            Participation
          </Button>
        </>
      ) : null}
      <CompetitionYearSelect value={year} onChange={onYearChange} />
    </Group>
  );

  return (
    <PageShell title="Teams" size="xl" actions={actions}>
      <Stack gap="md" aria-busy={board.isFetching || board.isStale} style={{ opacity: board.isStale ? 0.6 : 1 }}>
        {mine && myTeam ? (
          <Text>
            Your team: <strong>{myTeam.name}</strong>. You are number {mine.rank} of {mine.members} in it.
          </Text>
        ) : null}
        <StandingsTable rows={board.data.rows} myTeamId={mine?.teamId ?? null} year={year} />
      </Stack>
    </PageShell>
  );
}
