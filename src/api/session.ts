import { useQuery, queryOptions, type QueryClient } from '@tanstack/react-query';
import { API_BASE } from './api-base';
import type { AuthSession, Role, User } from './contract';
import { bindSession } from './session-bridge';
import { toast } from './toasts';

/** The signed-in session, kept only in the query cache (memory): never persisted. */
export type Session = { accessToken: string; user: User; afterSignUp: boolean };
export type Viewer = Role | 'guest';

export const SESSION_EXPIRED_MESSAGE = 'Session expired';
export const sessionKey = ['session'] as const;

let inFlightRefresh: Promise<AuthSession | null> | null = null;

/** The product's text for a server failure (docs/product-rules.md#toasts-and-errors): the session itself may be fine. */
export const SESSION_UNREACHABLE_MESSAGE = 'Error in server , try again later';

/**
 * The refresh cookie (httpOnly) turned into a session, or null: a guest, an expired cookie, or no
 * connection (the guest pages still work offline). A server failure throws: it says nothing about
 * the session, so nobody is signed out.
 */
const requestRefresh = async (): Promise<AuthSession | null> => {
  // Plain fetch, not callApi: it runs on every first load, and a guest's answer (401) needs no parsing.
  const response = await fetch(`${API_BASE}/auth/refresh`, { method: 'POST', credentials: 'include' }).catch(() => null);
  if (!response) return null;
  if (response.status >= 500) {
    await response.text();
    throw new Error(SESSION_UNREACHABLE_MESSAGE);
  }
  if (!response.ok) {
    // Read the (small) error body anyway: an unread body keeps the request open in the browser.
    await response.text();
    return null;
  }
  const [{ parseAuthSession }, body] = await Promise.all([import('./session-calls'), response.json()]);
  return parseAuthSession(body);
};

/** POST /auth/refresh, shared by every caller while one is running (two tabs, many 401s at once). */
export const refreshSession = (): Promise<AuthSession | null> => {
  inFlightRefresh ??= requestRefresh().finally(() => {
    inFlightRefresh = null;
  });
  return inFlightRefresh;
};

/** The app-load restore: the refresh cookie turns into a session, or the visitor is a guest; a server failure is an error page with Try again. */
export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: async (): Promise<Session | null> => {
    const restored = await refreshSession();
    return restored ? { ...restored, afterSignUp: false } : null;
  },
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});

export type Auth = ReturnType<typeof createAuth>;

/** The router context's `auth`: reads and changes the session held in this app's query cache. */
export const createAuth = (queryClient: QueryClient) => {
  const expiredListeners = new Set<() => void>();
  const current = () => queryClient.getQueryData<Session | null>(sessionKey) ?? null;
  const setSession = (session: Session | null) => queryClient.setQueryData<Session | null>(sessionKey, session);

  /** Forget everything this tab knows about the user: session and every cached query. */
  const clearLocally = () => {
    // Everything but the session query itself goes, so mounted observers of the session see the change.
    queryClient.getMutationCache().clear();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
    setSession(null);
  };

  const auth = {
    session: current,
    viewer: (): Viewer => current()?.user.role ?? 'guest',
    /** Runs POST /auth/refresh once per app load, before the first guard decides anything. */
    restore: () => queryClient.ensureQueryData(sessionQuery),
    signIn(session: AuthSession, options: { afterSignUp?: boolean } = {}) {
      setSession({ ...session, afterSignUp: options.afterSignUp ?? false });
    },
    async signOut() {
      await import('./session-calls').then(({ signOutCall }) => signOutCall()).catch(() => undefined);
      clearLocally();
    },
    /** Refresh failed after a 401: sign out here, tell the user, let the router go to /. */
    expire() {
      clearLocally();
      toast.info(SESSION_EXPIRED_MESSAGE, { id: 'session-expired', color: 'orange' });
      expiredListeners.forEach((listener) => listener());
    },
    onExpired(listener: () => void) {
      expiredListeners.add(listener);
      return () => expiredListeners.delete(listener);
    },
  };

  let expiring: Promise<boolean> | null = null;
  bindSession({
    accessToken: () => current()?.accessToken ?? null,
    refreshAfterUnauthorised: () => {
      // A guest has nothing to refresh; many parallel 401s share one refresh and one sign-out.
      if (!current()) return Promise.resolve(false);
      // After a 401 any failed refresh ends the session (spec: the user is signed out).
      expiring ??= refreshSession()
        .catch(() => null)
        .then((refreshed) => {
          if (refreshed) {
            setSession({ ...refreshed, afterSignUp: current()?.afterSignUp ?? false });
            return true;
          }
          auth.expire();
          return false;
        })
        .finally(() => {
          expiring = null;
        });
      return expiring;
    },
  });
  return auth;
};

/** The session as components see it (re-renders on sign-in and sign-out). */
export const useSession = () => useQuery(sessionQuery).data ?? null;
