import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '../../../components/page-pending';
import { RouteLoadError } from '../../../components/route-load-error';
import { currentCompetitionYear } from '@/domain/competition';
import { OverviewScreen } from '../../../features/insights';
import { insightsQueries } from '../../../features/insights/api/insights-queries';
import { wholeNumberParam } from '../../../lib/search-params';
import { useClock } from '../../../lib/use-clock';
import { awaitUnlessStaying } from '../../-route-data';

const OverviewSearch = { parse: (search: Record<string, unknown>): { year?: number } => ({ year: wholeNumberParam(search.year, 2022, 9999) }) };

/** Competition overview for admins (docs/product-rules.md#progress-charts-and-overview); the year lives in the URL (`?year=2025`). */
export const Route = createFileRoute('/_admin/admin/overview')({
  validateSearch: (search: Record<string, unknown>) => OverviewSearch.parse(search),
  loaderDeps: ({ search }) => ({ year: search.year }),
  loader: ({ context, deps, cause }) =>
    awaitUnlessStaying(cause, () => context.queryClient.ensureQueryData(insightsQueries.overview(deps.year ?? currentCompetitionYear(context.clock.now())))),
  pendingComponent: () => <PagePending title="Competition overview" label="Loading the overview" size="xl" />,
  errorComponent: (props) => <RouteLoadError {...props} title="Competition overview" what="the overview" size="xl" />,
  component: AdminOverview,
});

function AdminOverview() {
  const { year } = Route.useSearch();
  const navigate = Route.useNavigate();
  const current = currentCompetitionYear(useClock().now());
  return <OverviewScreen year={year ?? current} onYearChange={(next) => void navigate({ search: next === current ? {} : { year: next } })} />;
}
