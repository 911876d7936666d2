/** The profile feature's public surface, used by routes. */
export { ProfileScreen } from './components/profile-screen';
export { profileQueries } from './api/profile-queries';
