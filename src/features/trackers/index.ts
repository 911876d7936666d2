/** The trackers feature's public surface, used by routes. */
export { FitnessServicesConnector } from './components/fitness-services-connector';
export { TrackerReturn } from './components/tracker-return';
export { trackerReturnSearch, type TrackerReturnSearch } from './return-search';
export { trackerQueries } from './api/tracker-queries';
export { TrackerPanelScreen } from './components/tracker-panel-screen';
