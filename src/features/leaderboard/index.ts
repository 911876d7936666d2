export { LeaderboardScreen } from './components/leaderboard-screen';
export { leaderboardQueries } from './api/leaderboard-queries';
