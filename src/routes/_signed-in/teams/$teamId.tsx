import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '../../../components/page-pending';
import { RouteLoadError } from '../../../components/route-load-error';
import { TeamScreen } from '../../../features/teams';
import { teamsQueries } from '../../../features/teams/api/teams-queries';
import { useClock } from '../../../lib/use-clock';
import { awaitUnlessStaying } from '../../-route-data';
import { teamYearOf } from '@/domain/team-year';
import { teamYearSearch } from './-team-year';

const teamIdOf = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : 0);

/** A team's page: members ranked by points, the team's months. */
export const Route = createFileRoute('/_signed-in/teams/$teamId')({
  validateSearch: teamYearSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, params, cause }) =>
    awaitUnlessStaying(cause, () => context.queryClient.ensureQueryData(teamsQueries.page(teamIdOf(params.teamId), teamYearOf(deps.year, context.clock.now())))),
  pendingComponent: () => <PagePending title="Team" label="Loading the team" size="lg" />,
  errorComponent: (props) => <RouteLoadError {...props} title="Team" what="the team" size="lg" />,
  component: Team,
});

function Team() {
  const { teamId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const year = teamYearOf(search.year, useClock().now());
  return <TeamScreen teamId={teamIdOf(teamId)} year={year} onYearChange={(next) => void navigate({ search: { year: next } })} />;
}
