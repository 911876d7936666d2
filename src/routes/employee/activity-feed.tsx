import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../../components/page-shell';

export const Route = createFileRoute('/employee/activity-feed')({
  component: () => <PageShell title="Recent users activities" />,
});
