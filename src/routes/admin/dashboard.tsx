import { createFileRoute } from '@tanstack/react-router';
import { UsersScreen } from '../../features/admin-users';

/** The page number lives in the URL, so "back" from a user's workouts returns to the same page. */
const validateSearch = (search: Record<string, unknown>): { page?: number } => {
  const page = Number(search.page);
  return Number.isInteger(page) && page > 1 ? { page } : {};
};

export const Route = createFileRoute('/admin/dashboard')({
  validateSearch,
  component: AdminDashboard,
});

function AdminDashboard() {
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <UsersScreen page={page} onPageChange={(next) => void navigate({ search: next > 1 ? { page: next } : {} })} />;
}
