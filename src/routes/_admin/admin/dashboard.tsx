import { createFileRoute } from '@tanstack/react-router';
import { UsersScreen, UsersView, usersViewSearch } from '../../../features/users';

/**
 * The whole view (page, search, level, sort, order) lives in the URL: a reload, back/forward or a
 * shared link shows the same employees. Typing in the search replaces the history entry; pages push.
 */
export const Route = createFileRoute('/_admin/admin/dashboard')({
  validateSearch: (search: Record<string, unknown>) => usersViewSearch(UsersView.parse(search)),
  component: AdminDashboard,
});

function AdminDashboard() {
  const view = UsersView.parse(Route.useSearch());
  const navigate = Route.useNavigate();
  return <UsersScreen view={view} onViewChange={(next, options) => void navigate({ search: usersViewSearch({ ...view, ...next }), replace: options?.replace })} />;
}
