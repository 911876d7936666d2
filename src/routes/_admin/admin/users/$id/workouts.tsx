import { createFileRoute, notFound } from '@tanstack/react-router';
import { NotFound } from '../../../../../components/not-found';
import { PagePending } from '../../../../../components/page-pending';
import { RouteLoadError } from '../../../../../components/route-load-error';
import { WorkoutsScreen } from '../../../../../features/users';
import { adminUsersQueries } from '../../../../../features/users/api/admin-users-queries';

const userIdOf = (param: string) => {
  const id = Number(param);
  return Number.isInteger(id) && id >= 1 ? id : null;
};

export const Route = createFileRoute('/_admin/admin/users/$id/workouts')({
  // The employee's header and the first tab's first page; the other tabs load when opened.
  loader: async ({ context, params }) => {
    const id = userIdOf(params.id);
    if (id === null) throw notFound();
    await Promise.all([context.queryClient.ensureQueryData(adminUsersQueries.detail(id)), context.queryClient.ensureQueryData(adminUsersQueries.workouts(id, 1))]);
  },
  pendingComponent: () => <PagePending title="Workouts" label="Loading workouts" size="xl" />,
  errorComponent: (props) => <RouteLoadError {...props} title="Workouts" what="this employee's workouts" size="xl" />,
  notFoundComponent: NotFound,
  component: UserWorkouts,
});

function UserWorkouts() {
  const id = userIdOf(Route.useParams().id)!;
  // A new user means fresh tabs and pages.
  return <WorkoutsScreen key={id} userId={id} />;
}
