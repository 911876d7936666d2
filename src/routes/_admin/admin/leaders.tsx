import { createFileRoute } from '@tanstack/react-router';
import { LeadersScreen, LeadersView, leadersViewSearch } from '../../../features/leaders';

/** Level, year, page and name search live in the URL: reload, back/forward and shared links keep the view. */
export const Route = createFileRoute('/_admin/admin/leaders')({
  validateSearch: (search: Record<string, unknown>) => leadersViewSearch(LeadersView.parse(search)),
  component: AdminLeaders,
});

function AdminLeaders() {
  const view = LeadersView.parse(Route.useSearch());
  const navigate = Route.useNavigate();
  return <LeadersScreen view={view} onViewChange={(next, options) => void navigate({ search: leadersViewSearch({ ...view, ...next }), replace: options?.replace })} />;
}
