import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '../../components/page-pending';
import { RouteLoadError } from '../../components/route-load-error';
import { currentCompetitionYear } from '@/domain/competition';
import { LeaderboardScreen } from '../../features/leaders';
import { leaderboardQueries } from '../../features/leaders/api/leaderboard-queries';

export const Route = createFileRoute('/_signed-in/leaderboard')({
  // Admins start on the current competition year (they may pick another); employees always see the current one.
  loader: async ({ context }) => {
    const isAdmin = context.auth.viewer() === 'admin';
    await context.queryClient.ensureQueryData(leaderboardQueries.top(isAdmin ? currentCompetitionYear(context.clock.now()) : undefined));
  },
  pendingComponent: () => <PagePending title="Leaderboard" label="Loading leaders" size="xl" />,
  errorComponent: (props) => <RouteLoadError {...props} title="Leaderboard" what="the leaderboard" size="xl" />,
  component: LeaderboardScreen,
});
