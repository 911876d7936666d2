/** 'Connect a phone app' (docs/trackers.md#phone-apps), used by the profile route. */
export { PhoneAppsSection } from './components/phone-apps-section';
export { importTokenQueries } from './api/import-token-queries';
