import { createFileRoute } from '@tanstack/react-router';
import { FeedScreen } from '../../features/feed';

export const Route = createFileRoute('/employee/activity-feed')({
  component: FeedScreen,
});
