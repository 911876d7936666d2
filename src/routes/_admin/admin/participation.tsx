import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '../../../components/page-pending';
import { RouteLoadError } from '../../../components/route-load-error';
import { ParticipationScreen } from '../../../features/teams';
import { teamsQueries } from '../../../features/teams/api/teams-queries';
import { useClock } from '../../../lib/use-clock';
import { awaitUnlessStaying } from '../../-route-data';
import { teamYearOf } from '@/domain/team-year';
import { teamYearSearch } from '../../_signed-in/teams/-team-year';

const monthSearch = (search: Record<string, unknown>) => {
  const month = Number(search.month);
  return { ...teamYearSearch(search), ...(Number.isInteger(month) && month >= 1 && month <= 12 ? { month } : {}) };
};

/** HR's participation view (docs/product-rules.md#teams); year and month live in the URL. */
export const Route = createFileRoute('/_admin/admin/participation')({
  validateSearch: monthSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) => awaitUnlessStaying(cause, () => context.queryClient.ensureQueryData(teamsQueries.participation(teamYearOf(deps.year, context.clock.now()), deps.month))),
  pendingComponent: () => <PagePending title="Participation" label="Loading participation" size="lg" />,
  errorComponent: (props) => <RouteLoadError {...props} title="Participation" what="the participation" size="lg" />,
  component: Participation,
});

function Participation() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const year = teamYearOf(search.year, useClock().now());
  return <ParticipationScreen year={year} month={search.month} onChange={(next) => void navigate({ search: { year: next.year, ...(next.month ? { month: next.month } : {}) } })} />;
}
