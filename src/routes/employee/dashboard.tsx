import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../../components/page-shell';
import { activityQueries, EmployeeDashboard, monthStartOf } from '../../features/dashboard';

export const Route = createFileRoute('/employee/dashboard')({
  // Start the current month's fetch with the route; the calendar reads it from the cache.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(activityQueries.month(monthStartOf(new Date().toISOString().slice(0, 10))));
  },
  component: () => (
    <PageShell title="Dashboard" size="xl">
      <EmployeeDashboard />
    </PageShell>
  ),
});
