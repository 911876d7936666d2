/**
 * The route guard (docs/product-rules.md#screens-and-navigation) as one pure decision. Each pathless layout route
 * (`routes/_guest`, `_employee`, `_admin`, `_signed-in`) names its area; who may open an area is
 * written here once, so a new route file is guarded by the folder it is put in.
 */
export type Viewer = 'admin' | 'user' | 'guest';
export type Area = 'guest' | 'employee' | 'admin' | 'signed-in';
export type GuardOptions = { afterSignUp?: boolean };

export const ADMIN_ENTRY = '/admin/dashboard';
export const USER_ENTRY = '/employee/dashboard';
export const USER_ENTRY_AFTER_SIGNUP = '/employee/fitness-services';
export const GUEST_ENTRY = '/';

/** Who may open each area; `signed-in` is shared by both roles (the logo leads to /leaderboard). */
export const areaViewers: Record<Area, readonly Viewer[]> = {
  guest: ['guest'],
  employee: ['user'],
  admin: ['admin'],
  'signed-in': ['user', 'admin'],
};

export const entryPage = (viewer: Viewer, options: GuardOptions = {}) => {
  if (viewer === 'admin') return ADMIN_ENTRY;
  if (viewer === 'user') return options.afterSignUp ? USER_ENTRY_AFTER_SIGNUP : USER_ENTRY;
  return GUEST_ENTRY;
};

/** null when `viewer` may stay in `area`; otherwise where to send them (their entry page). */
export const areaRedirect = (area: Area, viewer: Viewer, options: GuardOptions = {}): string | null =>
  areaViewers[area].includes(viewer) ? null : entryPage(viewer, options);
