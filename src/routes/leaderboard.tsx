import { createFileRoute } from '@tanstack/react-router';
import { LeaderboardScreen } from '../features/leaderboard';

export const Route = createFileRoute('/leaderboard')({
  component: LeaderboardScreen,
});
