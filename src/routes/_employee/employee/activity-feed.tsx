import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '../../../components/page-pending';
import { RouteLoadError } from '../../../components/route-load-error';
import { FeedScreen } from '../../../features/feed';
import { feedQueries } from '../../../features/feed/api/feed-queries';
import { SliceFirstPage } from '../../../lib/slice-first-page';

const FeedPending = () => <PagePending title="Recent users activities" label="Loading activities" size="sm" />;

export const Route = createFileRoute('/_employee/employee/activity-feed')({
  loader: async ({ context }) => {
    await context.queryClient.ensureInfiniteQueryData(feedQueries.list());
  },
  pendingComponent: FeedPending,
  errorComponent: (props) => <RouteLoadError {...props} title="Recent users activities" what="the activities" size="sm" />,
  // On a phone, a first load's body renders in slices.
  component: () => (
    <SliceFirstPage fallback={<FeedPending />}>
      <FeedScreen />
    </SliceFirstPage>
  ),
});
