import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { currentCompetitionYear } from '@/domain/competition';
import { OverviewScreen } from '../../../features/insights';
import { useClock } from '../../../lib/use-clock';

const OverviewSearch = z.object({ year: z.coerce.number().int().min(2022).max(9999).optional().catch(undefined) });

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
