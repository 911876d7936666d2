import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../../components/page-shell';

export const Route = createFileRoute('/admin/dashboard')({
  component: () => <PageShell title="Users" />,
});
