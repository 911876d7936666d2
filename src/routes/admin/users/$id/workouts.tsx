import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../../../../components/page-shell';

export const Route = createFileRoute('/admin/users/$id/workouts')({
  component: () => <PageShell title="Workouts" />,
});
