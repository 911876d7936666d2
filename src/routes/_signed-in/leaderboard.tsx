import { createFileRoute } from '@tanstack/react-router';
import { LeaderboardScreen } from '../../features/leaders';

export const Route = createFileRoute('/_signed-in/leaderboard')({
  component: LeaderboardScreen,
});
