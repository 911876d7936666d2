import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PagePending } from '../../../components/page-pending';
import { RouteLoadError } from '../../../components/route-load-error';
import { OverviewScreen } from '../../../features/insights';
import { currentCompetitionYear } from '@/domain/competition';
import { useClock } from '../../../lib/use-clock';
import { awaitUnlessStaying } from '../../-route-data';

const OverviewSearch = z.object({ year: z.coerce.number().int().min(2022).max(9999).optional().catch(undefined) });

// Loaded with the route, not the entry: the login page does not carry the insights' schemas.
const queriesModule = async () => {
  const [{ insightsQueries }, { currentCompetitionYear }] = await Promise.all([import('../../../features/insights/api/insights-queries'), import('@/domain/competition')]);
  return { insightsQueries, currentCompetitionYear };
};

/** Competition overview for admins (issue 13); the year lives in the URL (`?year=2025`). */
export const Route = createFileRoute('/_admin/admin/overview')({
  validateSearch: (search: Record<string, unknown>) => OverviewSearch.parse(search),
  loaderDeps: ({ search }) => ({ year: search.year }),
  loader: ({ context, deps, cause }) =>
    awaitUnlessStaying(cause, async () => {
      const { insightsQueries, currentCompetitionYear } = await queriesModule();
      return context.queryClient.ensureQueryData(insightsQueries.overview(deps.year ?? currentCompetitionYear(context.clock.now())));
    }),
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
