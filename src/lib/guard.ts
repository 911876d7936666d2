/**
 * The route guard of SPEC section 2, as one pure decision: given who is looking and where,
 * return null (stay) or the path to redirect to.
 */
export type Viewer = 'admin' | 'user' | 'guest';
export type GuardOptions = { afterSignUp?: boolean };

export const ADMIN_ENTRY = '/admin/dashboard';
export const USER_ENTRY = '/employee/dashboard';
export const USER_ENTRY_AFTER_SIGNUP = '/employee/fitness-services';
export const GUEST_ENTRY = '/';

/** Routes of the route table, by who may open them. `$` marks a path segment parameter. */
const guestRoutes = ['/', '/signup', '/reset-password'];
const adminRoutes = ['/admin/dashboard', '/admin/users/$/workouts', '/admin/leaders', '/admin/audit', '/admin/overview'];
const userRoutes = ['/employee/dashboard', '/employee/fitness-services', '/employee/activity-feed', '/employee/profile', '/strava', '/fitbit'];
/** Shared by both roles: the logo of every signed-in user goes here. */
const signedInRoutes = ['/leaderboard'];

const normalise = (pathname: string) => {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
};

const matches = (pattern: string, pathname: string) => {
  const expected = pattern.split('/');
  const actual = pathname.split('/');
  return expected.length === actual.length && expected.every((segment, index) => segment === actual[index] || (segment === '$' && actual[index] !== ''));
};

const isIn = (routes: string[], pathname: string) => routes.some((pattern) => matches(pattern, pathname));

export const entryPage = (viewer: Viewer, options: GuardOptions = {}) => {
  if (viewer === 'admin') return ADMIN_ENTRY;
  if (viewer === 'user') return options.afterSignUp ? USER_ENTRY_AFTER_SIGNUP : USER_ENTRY;
  return GUEST_ENTRY;
};

const allowedRoutes: Record<Viewer, string[]> = {
  guest: guestRoutes,
  admin: [...adminRoutes, ...signedInRoutes],
  user: [...userRoutes, ...signedInRoutes],
};

/** null when `viewer` may stay on `pathname`; otherwise where to send them. */
export const resolveRoute = (viewer: Viewer, pathname: string, options: GuardOptions = {}): string | null => {
  const path = normalise(pathname);
  if (isIn(allowedRoutes[viewer], path)) return null;
  return entryPage(viewer, options);
};
