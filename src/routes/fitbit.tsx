import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../components/page-shell';

export const Route = createFileRoute('/fitbit')({
  component: () => <PageShell title="Connecting Fitbit" />,
});
