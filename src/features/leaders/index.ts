export { LeadersScreen } from './components/leaders-screen';
export { leadersQueries } from './api/leaders-queries';
export { LeadersView, leadersViewSearch } from './leaders-view';
