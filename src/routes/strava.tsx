import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../components/page-shell';

export const Route = createFileRoute('/strava')({
  component: () => <PageShell title="Connecting Strava" />,
});
