import { createFileRoute } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { PagePending } from '../../../components/page-pending';
import { PageShell } from '../../../components/page-shell';
import { RouteLoadError } from '../../../components/route-load-error';
// Direct imports, not the feature's index: the index would pull FullCalendar into this route's chunk.
import { activityQueries } from '../../../features/activity/api/activity-queries';
import { DashboardPlaceholder } from '../../../features/activity/components/dashboard-placeholder';
import { monthStartOf } from '../../../features/activity/month';
import { ImportWorkoutFilesButton } from '../../../features/trackers/components/import-workout-files-button';
import { toIsoDay } from '@/domain/days';

// The calendar (FullCalendar, most of the page's JavaScript) is a file of its own, asked for by the
// loader beside the month: the page's frame and title paint as soon as this small chunk is here,
// not after the calendar's file and then the month (one after the other, on a phone's network).
const loadDashboard = () => import('../../../features/activity/components/dashboard');
const EmployeeDashboard = lazy(() => loadDashboard().then((module) => ({ default: module.EmployeeDashboard })));

export const Route = createFileRoute('/_employee/employee/dashboard')({
  // The current month (by the router's clock) and the calendar's file are asked for together; the
  // calendar reads the month with suspense, and a month that fails shows the error below.
  loader: ({ context }) => {
    void loadDashboard().catch(() => undefined);
    void context.queryClient.prefetchQuery(activityQueries.month(monthStartOf(toIsoDay(context.clock.now()))));
  },
  pendingComponent: () => <PagePending title="Dashboard" label="Loading your month" size="xl" />,
  errorComponent: (props) => <RouteLoadError {...props} title="Dashboard" what="this month" size="xl" />,
  component: () => (
    <PageShell title="Dashboard" size="xl" actions={<ImportWorkoutFilesButton />}>
      <Suspense fallback={<DashboardPlaceholder />}>
        <EmployeeDashboard />
      </Suspense>
    </PageShell>
  ),
});
