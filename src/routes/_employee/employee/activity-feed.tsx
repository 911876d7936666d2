import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '../../../components/page-pending';
import { RouteLoadError } from '../../../components/route-load-error';
import { FeedScreen } from '../../../features/feed';
import { feedQueries } from '../../../features/feed/api/feed-queries';

export const Route = createFileRoute('/_employee/employee/activity-feed')({
  loader: async ({ context }) => {
    await context.queryClient.ensureInfiniteQueryData(feedQueries.list());
  },
  pendingComponent: () => <PagePending title="Recent users activities" label="Loading activities" size="sm" />,
  errorComponent: (props) => <RouteLoadError {...props} title="Recent users activities" what="the activities" size="sm" />,
  component: FeedScreen,
});
