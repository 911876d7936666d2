import { createFileRoute } from '@tanstack/react-router';
import { currentCompetitionYear } from '@/domain/competition';
import { OverviewScreen } from '../../../features/insights';
import { wholeNumberParam } from '../../../lib/search-params';
import { useClock } from '../../../lib/use-clock';

const OverviewSearch = { parse: (search: Record<string, unknown>): { year?: number } => ({ year: wholeNumberParam(search.year, 2022, 9999) }) };

/** Competition overview for admins (issue 13); the year lives in the URL (`?year=2025`). */
export const Route = createFileRoute('/_admin/admin/overview')({
  validateSearch: (search: Record<string, unknown>) => OverviewSearch.parse(search),
  component: AdminOverview,
});

function AdminOverview() {
  const { year } = Route.useSearch();
  const navigate = Route.useNavigate();
  const current = currentCompetitionYear(useClock().now());
  return <OverviewScreen year={year ?? current} onYearChange={(next) => void navigate({ search: next === current ? {} : { year: next } })} />;
}
