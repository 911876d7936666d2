import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../../../components/page-shell';
// Direct imports, not the feature's index: the loader stays in the entry chunk, and importing
// the index there would pull FullCalendar into it too.
import { activityQueries } from '../../../features/activity/api/activity-queries';
import { EmployeeDashboard } from '../../../features/activity/components/dashboard';
import { monthStartOf } from '../../../features/activity/month';
import { toIsoDay } from '@/domain/days';

export const Route = createFileRoute('/_employee/employee/dashboard')({
  // Start the current month's fetch with the route; the calendar reads it from the cache.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(activityQueries.month(monthStartOf(toIsoDay(context.clock.now()))));
  },
  component: () => (
    <PageShell title="Dashboard" size="xl">
      <EmployeeDashboard />
    </PageShell>
  ),
});
