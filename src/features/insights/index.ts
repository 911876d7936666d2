export { insightsQueries } from './api/insights-queries';
export { OverviewScreen, NO_OVERVIEW_TEXT } from './components/overview-screen';
export { ProgressSection, NO_PROGRESS_TEXT } from './components/progress-section';
