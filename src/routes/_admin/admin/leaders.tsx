import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '../../../components/page-pending';
import { RouteLoadError } from '../../../components/route-load-error';
import { LeadersScreen, LeadersView, leadersViewSearch } from '../../../features/leaders';
import { leadersFilterOf, leadersQueries } from '../../../features/leaders/api/leaders-queries';
import { awaitUnlessStaying } from '../../-route-data';

/** Level, year, page and name search live in the URL: reload, back/forward and shared links keep the view. */
export const Route = createFileRoute('/_admin/admin/leaders')({
  validateSearch: (search: Record<string, unknown>) => leadersViewSearch(LeadersView.parse(search)),
  loaderDeps: ({ search }) => LeadersView.parse(search),
  loader: ({ context, deps, cause }) =>
    awaitUnlessStaying(cause, () => context.queryClient.ensureQueryData(leadersQueries.list(leadersFilterOf(deps, context.clock.now())))),
  pendingComponent: () => <PagePending title="Leaders" label="Loading leaders" size="xl" />,
  errorComponent: (props) => <RouteLoadError {...props} title="Leaders" what="the leaders" size="xl" />,
  component: AdminLeaders,
});

function AdminLeaders() {
  const view = LeadersView.parse(Route.useSearch());
  const navigate = Route.useNavigate();
  return <LeadersScreen view={view} onViewChange={(next, options) => void navigate({ search: leadersViewSearch({ ...view, ...next }), replace: options?.replace })} />;
}
