import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '../../../components/page-pending';
import { RouteLoadError } from '../../../components/route-load-error';
import { UsersScreen, UsersView, usersViewSearch } from '../../../features/users';
import { adminUsersQueries } from '../../../features/users/api/admin-users-queries';
import { awaitUnlessStaying } from '../../-route-data';

/**
 * The whole view (page, search, level, sort, order) lives in the URL: a reload, back/forward or a
 * shared link shows the same employees. Typing in the search replaces the history entry; pages push.
 */
export const Route = createFileRoute('/_admin/admin/dashboard')({
  validateSearch: (search: Record<string, unknown>) => usersViewSearch(UsersView.parse(search)),
  loaderDeps: ({ search }) => UsersView.parse(search),
  loader: ({ context, deps, cause }) => awaitUnlessStaying(cause, () => context.queryClient.ensureQueryData(adminUsersQueries.list(deps))),
  pendingComponent: () => <PagePending title="Users" label="Loading users" size="xl" />,
  errorComponent: (props) => <RouteLoadError {...props} title="Users" what="the users" size="xl" />,
  component: AdminDashboard,
});

function AdminDashboard() {
  const view = UsersView.parse(Route.useSearch());
  const navigate = Route.useNavigate();
  return <UsersScreen view={view} onViewChange={(next, options) => void navigate({ search: usersViewSearch({ ...view, ...next }), replace: options?.replace })} />;
}
