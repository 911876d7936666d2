import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '../../../components/page-pending';
import { PageShell } from '../../../components/page-shell';
import { RouteLoadError } from '../../../components/route-load-error';
// Direct imports, not the feature's index: the loader stays in the entry chunk, and importing
// the index there would pull FullCalendar into it too.
import { activityQueries } from '../../../features/activity/api/activity-queries';
import { EmployeeDashboard } from '../../../features/activity/components/dashboard';
import { monthStartOf } from '../../../features/activity/month';
import { ImportWorkoutFilesButton } from '../../../features/trackers/components/import-workout-files-button';
import { toIsoDay } from '@/domain/days';

export const Route = createFileRoute('/_employee/employee/dashboard')({
  // The current month (by the router's clock) is in the cache before the calendar renders.
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(activityQueries.month(monthStartOf(toIsoDay(context.clock.now()))));
  },
  pendingComponent: () => <PagePending title="Dashboard" label="Loading your month" size="xl" />,
  errorComponent: (props) => <RouteLoadError {...props} title="Dashboard" what="this month" size="xl" />,
  component: () => (
    <PageShell title="Dashboard" size="xl" actions={<ImportWorkoutFilesButton />}>
      <EmployeeDashboard />
    </PageShell>
  ),
});
