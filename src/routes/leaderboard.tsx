import { createFileRoute } from '@tanstack/react-router';
import { PageShell } from '../components/page-shell';

export const Route = createFileRoute('/leaderboard')({
  component: () => <PageShell title="Leaderboard" />,
});
