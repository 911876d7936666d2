import { createFileRoute } from '@tanstack/react-router';
import { FeedScreen } from '../../../features/feed';

export const Route = createFileRoute('/_employee/employee/activity-feed')({
  component: FeedScreen,
});
