/** The trackers feature's public surface, used by routes. */
export { FitnessServicesConnector } from './components/fitness-services-connector';
export { TrackerReturn, trackerReturnSearch, type TrackerReturnSearch } from './components/tracker-return';
export { trackerQueries } from './api/tracker-queries';
