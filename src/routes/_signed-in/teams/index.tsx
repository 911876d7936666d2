import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '../../../components/page-pending';
import { RouteLoadError } from '../../../components/route-load-error';
import { TeamsScreen } from '../../../features/teams';
import { teamsQueries } from '../../../features/teams/api/teams-queries';
import { useClock } from '../../../lib/use-clock';
import { awaitUnlessStaying } from '../../-route-data';
import { teamYearOf } from '@/domain/team-year';
import { teamYearSearch } from './-team-year';

/** The team leaderboard (docs/product-rules.md#teams); the year lives in the URL. */
export const Route = createFileRoute('/_signed-in/teams/')({
  validateSearch: teamYearSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) => awaitUnlessStaying(cause, () => context.queryClient.ensureQueryData(teamsQueries.leaderboard(teamYearOf(deps.year, context.clock.now())))),
  pendingComponent: () => <PagePending title="Teams" label="Loading teams" size="xl" />,
  errorComponent: (props) => <RouteLoadError {...props} title="Teams" what="the teams" size="xl" />,
  component: Teams,
});

function Teams() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const year = teamYearOf(search.year, useClock().now());
  return <TeamsScreen year={year} onYearChange={(next) => void navigate({ search: { year: next } })} />;
}
