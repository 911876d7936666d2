export { TeamsScreen } from './components/teams-screen';
export { TeamScreen } from './components/team-screen';
export { ManageTeamsScreen } from './components/manage-teams-screen';
export { ParticipationScreen } from './components/participation-screen';
export { teamsQueries } from './api/teams-queries';
