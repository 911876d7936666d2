/** The privacy feature's public surface, used by routes. */
export { PrivacySection } from './components/privacy-section';
export { privacyQueries } from './api/privacy-queries';
