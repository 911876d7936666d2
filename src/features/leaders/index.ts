export { LeadersScreen } from './components/leaders-screen';
export { leadersQueries } from './api/leaders-queries';
export { LeadersView, leadersViewSearch } from './leaders-view';
export { LeaderboardScreen } from './components/leaderboard-screen';
export { leaderboardQueries } from './api/leaderboard-queries';
