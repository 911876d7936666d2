import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '../../../components/page-pending';
import { RouteLoadError } from '../../../components/route-load-error';
import { TrackerPanelScreen, trackerQueries } from '../../../features/trackers';

export const Route = createFileRoute('/_admin/admin/trackers')({
  loader: ({ context }) => context.queryClient.ensureQueryData(trackerQueries.panel()),
  pendingComponent: () => <PagePending title="Fitness services" label="Loading the fitness services" size="xl" />,
  errorComponent: (props) => <RouteLoadError {...props} title="Fitness services" what="the fitness services" size="xl" />,
  component: TrackerPanelScreen,
});
