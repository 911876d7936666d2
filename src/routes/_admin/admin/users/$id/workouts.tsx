import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '../../../../../components/not-found';
import { WorkoutsScreen } from '../../../../../features/users';

export const Route = createFileRoute('/_admin/admin/users/$id/workouts')({
  component: UserWorkouts,
});

function UserWorkouts() {
  const id = Number(Route.useParams().id);
  if (!Number.isInteger(id) || id < 1) return <NotFound />;
  // A new user means fresh tabs and pages.
  return <WorkoutsScreen key={id} userId={id} />;
}
