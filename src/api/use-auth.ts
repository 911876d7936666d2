import { useRouter } from '@tanstack/react-router';
import type { Auth } from './session';

/**
 * The session's actions (sign in, sign out) from the router's context, which never changes: read
 * from the router itself, not through a route match's store (a subscription whose first reading at
 * commit re-rendered the login form synchronously, a phone's longest task of that page).
 */
export const useAuth = (): Auth => {
  const auth = useRouter().options.context?.auth;
  if (!auth) throw new Error('The router has no auth in its context');
  return auth;
};
