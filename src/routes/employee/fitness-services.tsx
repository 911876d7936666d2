import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../../components/page-shell';

export const Route = createFileRoute('/employee/fitness-services')({
  component: () => <PageShell title="Fitness services" />,
});
