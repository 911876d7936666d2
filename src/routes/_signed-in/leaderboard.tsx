import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '../../components/page-pending';
import { RouteLoadError } from '../../components/route-load-error';
import { currentCompetitionYear } from '@/domain/competition';
import { LeaderboardScreen } from '../../features/leaders';
import { leaderboardQueries } from '../../features/leaders/api/leaderboard-queries';
import { SliceFirstPage } from '../../lib/slice-first-page';

const LeaderboardPending = () => <PagePending title="Leaderboard" label="Loading leaders" size="xl" />;

export const Route = createFileRoute('/_signed-in/leaderboard')({
  // Admins start on the current competition year (they may pick another); employees always see the current one.
  loader: async ({ context }) => {
    const isAdmin = context.auth.viewer() === 'admin';
    await context.queryClient.ensureQueryData(leaderboardQueries.top(isAdmin ? currentCompetitionYear(context.clock.now()) : undefined));
  },
  pendingComponent: LeaderboardPending,
  errorComponent: (props) => <RouteLoadError {...props} title="Leaderboard" what="the leaderboard" size="xl" />,
  // Forty rows with avatars and bars: on a phone, a first load's body renders in slices.
  component: () => (
    <SliceFirstPage fallback={<LeaderboardPending />}>
      <LeaderboardScreen />
    </SliceFirstPage>
  ),
});
