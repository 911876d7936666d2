import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSession } from '../../../api/session';
import { PageShell } from '../../../components/page-shell';
import { useKeptSuspenseQuery } from '../../../lib/use-kept-suspense-query';
import { teamsQueries } from '../api/teams-queries';
import { StandingsTable } from './standings-table';
import { CompetitionYearSelect } from '../../../components/competition-year-select';
import { Pagination } from '../../../components/pagination';
import { TEAMS_PAGE_SIZE } from '../../../api/contract/teams';

/** /teams: every team by average points per member, a page at a time; the employee's own team highlighted, with its place and theirs in it. */
type Props = { year: number; page: number; onYearChange: (year: number) => void; onPageChange: (page: number) => void };

export function TeamsScreen({ year, page, onYearChange, onPageChange }: Props) {
  const session = useSession();
  const isAdmin = session?.user.role === 'admin';
  const board = useKeptSuspenseQuery(teamsQueries.leaderboard(year, page));
  const mine = board.data.myTeam;
  const totalPages = Math.max(1, Math.ceil(board.data.total / TEAMS_PAGE_SIZE));
  const myPage = mine ? Math.ceil(mine.place / TEAMS_PAGE_SIZE) : null;

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
        {mine ? (
          <Group gap="xs">
            <Text>
              Your team: <strong>{mine.name}</strong>. You are number {mine.rank} of {mine.members} in it. It is number {mine.place} of {board.data.total} teams.
            </Text>
            {myPage !== null && myPage !== page ? (
              <Button variant="subtle" size="compact-sm" onClick={() => onPageChange(myPage)}>
                Show my team
              </Button>
            ) : null}
          </Group>
        ) : null}
        <StandingsTable rows={board.data.rows} myTeamId={mine?.teamId ?? null} year={year} />
        <Pagination page={Math.min(page, totalPages)} totalPages={totalPages} onChange={onPageChange} label="Teams pages" />
      </Stack>
    </PageShell>
  );
}
