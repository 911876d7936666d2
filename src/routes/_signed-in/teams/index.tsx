import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '../../../components/page-pending';
import { RouteLoadError } from '../../../components/route-load-error';
import { TeamsScreen } from '../../../features/teams';
import { teamsQueries } from '../../../features/teams/api/teams-queries';
import { useClock } from '../../../lib/use-clock';
import { awaitUnlessStaying } from '../../-route-data';
import { teamYearOf } from '@/domain/team-year';
import { teamYearSearch } from './-team-year';

/** `?page=` of the leaderboard (1 first): a whole number from 1, else the first page. */
const boardSearch = (search: Record<string, unknown>): { year?: number; page?: number } => {
  const page = Number(search.page);
  return { ...teamYearSearch(search), ...(Number.isInteger(page) && page > 1 ? { page } : {}) };
};

/** The team leaderboard (docs/product-rules.md#teams); the year and the page live in the URL. */
export const Route = createFileRoute('/_signed-in/teams/')({
  validateSearch: boardSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    awaitUnlessStaying(cause, () => context.queryClient.ensureQueryData(teamsQueries.leaderboard(teamYearOf(deps.year, context.clock.now()), deps.page ?? 1))),
  pendingComponent: () => <PagePending title="Teams" label="Loading teams" size="xl" />,
  errorComponent: (props) => <RouteLoadError {...props} title="Teams" what="the teams" size="xl" />,
  component: Teams,
});

function Teams() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const year = teamYearOf(search.year, useClock().now());
  return (
    <TeamsScreen
      year={year}
      page={search.page ?? 1}
      onYearChange={(next) => void navigate({ search: { year: next } })}
      onPageChange={(next) => void navigate({ search: (previous) => ({ ...previous, page: next > 1 ? next : undefined }) })}
    />
  );
}
