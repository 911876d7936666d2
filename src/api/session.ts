import { useQuery, queryOptions, type QueryClient } from '@tanstack/react-query';
import { API_BASE } from './api-base';
import { ApiError } from './api-error';
import type { AuthSession, Role, User } from './contract';
import { SESSION_HINT_COOKIE } from './contract/session-hint';
import { bindSession } from './session-bridge';
import { forgetOfflineUser, offlineUser, rememberOfflineUser } from './offline/offline-user';
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
 * Whether this browser may hold a session: the server's session hint cookie, or an employee kept on
 * the device (signed in before the hint existed, or offline). Without either, a page load asks the
 * server nothing: a guest's refresh answers 401, which the browser logs as a console error.
 */
export const mayHoldSession = () =>
  (typeof document !== 'undefined' && document.cookie.split(';').some((cookie) => cookie.trim().startsWith(`${SESSION_HINT_COOKIE}=`))) || offlineUser() !== null;

/**
 * The refresh cookie (httpOnly) turned into a session, or null: a guest, an expired cookie, or no
 * connection (the guest pages still work offline). A server failure throws: it says nothing about
 * the session, so nobody is signed out.
 */
const requestRefresh = async (): Promise<AuthSession | null> => {
  if (!mayHoldSession()) return null;
  // The parser's file (with the contract and zod) is fetched beside the call, not after its answer:
  // one round trip fewer before a signed-in page can load. A guest (no hint) fetches neither.
  const calls = import('./session-calls');
  calls.catch(() => undefined);
  // Plain fetch, not callApi: it runs on every first load, and a guest's answer (401) needs no parsing.
  const response = await fetch(`${API_BASE}/auth/refresh`, { method: 'POST', credentials: 'include' }).catch(() => null);
  if (!response) return offlineSession();
  if (response.status >= 500) {
    await response.text();
    // An ApiError, so the error page shows the answer's X-Request-Id for the user to quote.
    throw new ApiError({ message: SESSION_UNREACHABLE_MESSAGE, statusCode: response.status, method: 'POST', requestId: response.headers.get('x-request-id') });
  }
  if (!response.ok) {
    // Read the (small) error body anyway: an unread body keeps the request open in the browser.
    await response.text();
    forgetOfflineUser();
    return null;
  }
  const [{ parseAuthSession }, body] = await Promise.all([calls, response.json()]);
  return parseAuthSession(body);
};

/**
 * No connection: the employee last signed in on this device, without a token
 * (docs/architecture.md#offline-logging). Their dashboard shows what the device kept; the first call
 * once the connection is back gets a 401 and refreshes the session from the cookie.
 */
const offlineSession = (): AuthSession | null => {
  const user = offlineUser();
  return user ? { accessToken: '', user } : null;
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
    if (restored?.accessToken) rememberOfflineUser(restored.user);
    return restored ? { ...restored, afterSignUp: false } : null;
  },
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
  // A server failure is the error page (with its reference), not a toast as well.
  meta: { errorToast: false },
  // Offline it still runs (and answers with the device's session): a paused restore would hold every page.
  networkMode: 'always',
});

/** The signed-in user as the server now has them (saved or read again): the rest of the session stays. */
export const setSessionUser = (queryClient: QueryClient, user: User) =>
  queryClient.setQueryData<Session | null>(sessionKey, (session) => (session?.user.id === user.id ? { ...session, user } : session));

export type Auth = ReturnType<typeof createAuth>;
/**
 * Why a session ends: the person signed out, the server no longer accepts it, or the browser's
 * refresh cookie now belongs to someone else (signed in in another tab).
 */
export type SessionEnd = 'sign-out' | 'expired' | 'switched';

/** The toast when the refresh cookie turned out to be another person's (docs/security.md#stale-tabs). */
export const SESSION_SWITCHED_MESSAGE = 'Someone else signed in on this browser. Sign in again to go on: your unsent changes are kept for you.';

/** The router context's `auth`: reads and changes the session held in this app's query cache. */
export const createAuth = (queryClient: QueryClient) => {
  const expiredListeners = new Set<() => void>();
  const endListeners = new Set<(reason: SessionEnd) => void>();
  const current = () => queryClient.getQueryData<Session | null>(sessionKey) ?? null;
  const setSession = (session: Session | null) => {
    if (session?.accessToken) rememberOfflineUser(session.user);
    return queryClient.setQueryData<Session | null>(sessionKey, session);
  };

  /** Forget everything this tab knows about the user: session and every cached query. */
  const clearLocally = (reason: SessionEnd) => {
    // After a switch the device's offline user is the other tab's person: theirs to keep.
    if (reason !== 'switched') forgetOfflineUser();
    // What the device keeps is dealt with first (removed on sign-out, left for the same person on expiry).
    endListeners.forEach((listener) => listener(reason));
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
      clearLocally('sign-out');
    },
    /** Refresh failed after a 401: sign out here, tell the user, let the router go to /. */
    expire() {
      clearLocally('expired');
      toast.info(SESSION_EXPIRED_MESSAGE, { id: 'session-expired', color: 'orange' });
      expiredListeners.forEach((listener) => listener());
    },
    /**
     * The refresh cookie belongs to someone else now (they signed in in another tab): this tab's
     * person is signed out here only, their waiting writes stay on the device for their next sign-in
     * (never sent as the other person), and the router goes to the sign-in screen.
     */
    switched() {
      clearLocally('switched');
      toast.info(SESSION_SWITCHED_MESSAGE, { id: 'session-switched', color: 'orange' });
      expiredListeners.forEach((listener) => listener());
    },
    /** Called as the session ends, before the cache is cleared. */
    onSessionEnd(listener: (reason: SessionEnd) => void) {
      endListeners.add(listener);
      return () => endListeners.delete(listener);
    },
    /** Back online after an offline start: the session without a token gets one from the cookie (or ends). */
    reconnect: async () => {
      const session = current();
      if (!session || session.accessToken) return;
      const refreshed = await refreshSession().catch(() => undefined);
      if (refreshed?.accessToken && refreshed.user.id !== session.user.id) auth.switched();
      else if (refreshed?.accessToken) setSession({ ...refreshed, afterSignUp: session.afterSignUp });
      else if (refreshed === null) auth.expire();
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
      const owner = current()?.user.id;
      if (owner === undefined) return Promise.resolve(false);
      // After a 401 any failed refresh ends the session (spec: the user is signed out).
      expiring ??= refreshSession()
        .catch(() => null)
        .then((refreshed) => {
          // Still no connection (the device's session, no token): nothing is decided yet.
          if (refreshed && !refreshed.accessToken) return false;
          // The cookie is another person's (a sign-in in another tab): the writes of this tab's person are not sent as them.
          if (refreshed && refreshed.user.id !== owner) {
            auth.switched();
            return false;
          }
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
